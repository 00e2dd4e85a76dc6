import { interfaceLanguages, resources } from "@leadquiz/i18n";
import { describe, expect, it } from "vitest";
import { testI18n } from "@/test/test-i18n";
import { configActionSections } from "../routing/paths";

/** The UI namespaces this app owns (validation and errors come from their own authors). */
const uiNamespaces = ["common", "auth", "layout", "settings", "leads"] as const;

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const result = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") result.set(path, value);
    else for (const [k, v] of flatten(value, path)) result.set(k, v);
  }
  return result;
}

/** i18next's plural forms: ru and uk have `_few` and `_many` where en has none. */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const withoutPlural = (key: string) => key.replace(PLURAL, "");
const baseKeys = (keys: Iterable<string>) => [...new Set([...keys].map(withoutPlural))].sort();

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*\w+\s*\}\}|<\/?\w+>/g)].map((m) => m[0]).sort();

// Every source file of the app, to find the i18n keys it uses.
const sources = import.meta.glob<string>(["../../**/*.{ts,tsx}", "!../../**/*.test.{ts,tsx}"], {
  query: "?raw",
  import: "default",
  eager: true,
});

describe("UI dictionaries", () => {
  for (const namespace of uiNamespaces) {
    it(`${namespace}: en, ru and uk have the same keys, none empty, same placeholders`, () => {
      const en = flatten(resources.en[namespace]);
      expect(en.size).toBeGreaterThan(0);
      for (const language of interfaceLanguages) {
        const other = flatten(resources[language][namespace]);
        expect(baseKeys(other.keys()), `${language}/${namespace}`).toEqual(baseKeys(en.keys()));
        for (const [key, text] of other) {
          expect(text.trim(), `${language}/${namespace}:${key}`).not.toBe("");
          // A plural form en lacks (`_few`, `_many`) has the placeholders of en's `_other`.
          const enText = en.get(key) ?? en.get(`${withoutPlural(key)}_other`) ?? "";
          expect(placeholders(text), `${language}/${namespace}:${key}`).toEqual(
            placeholders(enText),
          );
        }
      }
    });

    it(`${namespace}: ru and uk are translated, not copies of en`, () => {
      const en = flatten(resources.en[namespace]);
      for (const language of ["ru", "uk"] as const) {
        const other = flatten(resources[language][namespace]);
        const same = [...other].filter(
          ([key, text]) => en.get(key) === text && !/^E-mail$/.test(text),
        );
        expect(same, `${language}/${namespace}`).toEqual([]);
      }
    });
  }

  it("has every key the source code names", () => {
    const used = new Set<string>();
    for (const text of Object.values(sources)) {
      for (const match of text.matchAll(
        /["'`]((?:common|auth|layout|settings|leads):[A-Za-z0-9_.]+)["'`]/g,
      )) {
        if (match[1]) used.add(match[1]);
      }
    }
    for (const section of configActionSections) used.add(`layout:editor.configAction.${section}`);
    expect(used.size).toBeGreaterThan(50);

    for (const language of interfaceLanguages) {
      const missing = [...used].filter((key) => {
        const [namespace = "", path = ""] = key.split(":");
        const dictionary = resources[language][namespace as (typeof uiNamespaces)[number]];
        const keys = flatten(dictionary);
        // `t("ns:key", { count })` reads the plural forms `key_one`, `key_other`, ….
        return !keys.has(path) && !keys.has(`${path}_other`);
      });
      expect(missing, language).toEqual([]);
    }
  });

  it("falls back to ru, then en, for a key missing in the chosen language", () => {
    const i18n = testI18n("uk");
    i18n.addResource("ru", "common", "onlyInRussian", "только по-русски");
    i18n.addResource("en", "common", "onlyInEnglish", "English only");
    expect(i18n.t("common:onlyInRussian")).toBe("только по-русски");
    expect(i18n.t("common:onlyInEnglish")).toBe("English only");
    expect(i18n.t("common:comingSoon.text")).toBe("Цей розділ готується.");
  });
});
