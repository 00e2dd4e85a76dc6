import { errorCodes } from "@leadquiz/contract";
import { validationMessageKeys, validationMessageParams } from "@leadquiz/engine";
import { describe, expect, it } from "vitest";
import { type InterfaceLanguageCode, interfaceLanguages } from "./languages";
import { type Dictionary, type Namespace, namespaces, resources } from "./resources";

/** Every leaf of a dictionary by its dotted path (the value as stored, string or not). */
function leaves(node: Dictionary, prefix = ""): Map<string, unknown> {
  const result = new Map<string, unknown>();
  for (const [key, value] of Object.entries(node)) {
    const path = prefix === "" ? key : `${prefix}.${key}`;
    const isBranch =
      typeof value === "object" &&
      value !== null &&
      !Array.isArray(value) &&
      Object.keys(value).length > 0;
    if (isBranch) {
      for (const [childPath, childValue] of leaves(value, path)) result.set(childPath, childValue);
    } else {
      result.set(path, value);
    }
  }
  return result;
}

function placeholders(text: unknown): string[] {
  if (typeof text !== "string") return [];
  const names = [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? "");
  return [...new Set(names)].sort();
}

function textsOf(language: InterfaceLanguageCode, namespace: Namespace): Map<string, unknown> {
  return leaves(resources[language][namespace]);
}

/** i18next plural suffixes: `key_one`, `key_few`, … and `key_ordinal_one`, …. */
const PLURAL_SUFFIX = /^(.+)_((?:ordinal_)?(?:zero|one|two|few|many|other))$/;

/**
 * Texts grouped by key: a key whose text varies with the count (at least two `_one`,
 * `_other`, … forms, as i18next plurals) is one entry with its forms; any other key is an
 * entry with the single form "". Languages differ in plural forms (en: one, other; ru and
 * uk: one, few, many, other), so keys are compared per entry, not per form.
 */
function entriesOf(
  language: InterfaceLanguageCode,
  namespace: Namespace,
): Map<string, Map<string, unknown>> {
  const texts = textsOf(language, namespace);
  const forms = new Map<string, Map<string, unknown>>();
  for (const [path, value] of texts) {
    const match = PLURAL_SUFFIX.exec(path);
    if (!match) continue;
    const [, base = "", form = ""] = match;
    const group = forms.get(base) ?? new Map<string, unknown>();
    group.set(form, value);
    forms.set(base, group);
  }
  const entries = new Map<string, Map<string, unknown>>();
  for (const [path, value] of texts) {
    const match = PLURAL_SUFFIX.exec(path);
    const group = match ? forms.get(match[1] ?? "") : undefined;
    if (match && group && group.size >= 2) {
      entries.set(match[1] ?? "", group);
    } else {
      entries.set(path, new Map([["", value]]));
    }
  }
  return entries;
}

function entryPlaceholders(entry: Map<string, unknown> | undefined): string[] {
  return [...new Set([...(entry?.values() ?? [])].flatMap(placeholders))].sort();
}

const otherLanguages = interfaceLanguages.filter((language) => language !== "en");

describe.each(namespaces)("namespace %s", (namespace) => {
  const en = entriesOf("en", namespace);

  it.each(interfaceLanguages)("%s: every value is a non-empty string", (language) => {
    const bad = [...textsOf(language, namespace)]
      .filter(([, value]) => typeof value !== "string" || value.trim() === "")
      .map(([path]) => path);
    expect(bad).toEqual([]);
  });

  it.each(interfaceLanguages)("%s: placeholders are well-formed {{name}}", (language) => {
    const bad = [...textsOf(language, namespace)]
      .filter(([, value]) => typeof value === "string")
      .filter(([, value]) => /[{}]/.test(String(value).replace(/\{\{\s*\w+\s*\}\}/g, "")))
      .map(([path]) => path);
    expect(bad).toEqual([]);
  });

  it.each(interfaceLanguages)("%s: plural keys have every form the language needs", (language) => {
    const missing: string[] = [];
    for (const [base, forms] of entriesOf(language, namespace)) {
      if (forms.has("")) continue;
      for (const type of ["cardinal", "ordinal"] as const) {
        const prefix = type === "ordinal" ? "ordinal_" : "";
        if (
          ![...forms.keys()].some((form) => form.startsWith("ordinal_") === (type === "ordinal"))
        ) {
          continue;
        }
        const categories = new Intl.PluralRules(language, { type }).resolvedOptions()
          .pluralCategories;
        for (const category of categories) {
          if (!forms.has(`${prefix}${category}`)) missing.push(`${base}_${prefix}${category}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it.each(otherLanguages)("%s has every key of en", (language) => {
    const other = entriesOf(language, namespace);
    expect([...en.keys()].filter((key) => !other.has(key))).toEqual([]);
  });

  it.each(otherLanguages)("en has every key of %s", (language) => {
    const other = entriesOf(language, namespace);
    expect([...other.keys()].filter((key) => !en.has(key))).toEqual([]);
  });

  it.each(otherLanguages)("%s uses the same placeholders as en", (language) => {
    const other = entriesOf(language, namespace);
    const mismatches = [...en]
      .filter(([key]) => other.has(key))
      .map(([key, entry]) => ({
        key,
        en: entryPlaceholders(entry),
        [language]: entryPlaceholders(other.get(key)),
      }))
      .filter((row) => row.en.join() !== (row[language] as string[]).join());
    expect(mismatches).toEqual([]);
  });
});

describe("server-side namespaces (validation, errors, email)", () => {
  const ownNamespaces = ["validation", "errors", "email"] as const;

  it.each(interfaceLanguages)(
    "validation (%s) has exactly the engine's message keys",
    (language) => {
      const keys = Object.keys(resources[language].validation).sort();
      expect(keys).toEqual([...validationMessageKeys].sort());
    },
  );

  it.each(interfaceLanguages)("errors (%s) covers every contract error code", (language) => {
    const keys = Object.keys(resources[language].errors);
    expect(errorCodes.filter((code) => !keys.includes(code))).toEqual([]);
  });

  it("validation texts use exactly the interpolation values the engine provides", () => {
    const mismatches = validationMessageKeys
      .map((key) => ({
        key,
        text: placeholders(resources.en.validation[key]),
        params: Object.keys(validationMessageParams[key] ?? {}).sort(),
      }))
      .filter((row) => row.text.join() !== row.params.join());
    expect(mismatches).toEqual([]);
  });

  it.each(ownNamespaces)("%s: ru and uk are translated, not copies of en", (namespace) => {
    const en = textsOf("en", namespace);
    for (const language of otherLanguages) {
      const copies = [...textsOf(language, namespace)]
        .filter(
          ([path, text]) => !/\p{Script=Cyrillic}/u.test(String(text)) || text === en.get(path),
        )
        .map(([path]) => `${language}:${path}`);
      expect(copies).toEqual([]);
    }
  });

  it.each(ownNamespaces)(
    "%s: no Ukrainian letters in ru, no Russian letters in uk",
    (namespace) => {
      const ruWithUk = [...textsOf("ru", namespace)].filter(([, text]) =>
        /[іїєґІЇЄҐ]/.test(String(text)),
      );
      const ukWithRu = [...textsOf("uk", namespace)].filter(([, text]) =>
        /[ыэъёЫЭЪЁ]/.test(String(text)),
      );
      expect(ruWithUk.map(([path]) => path)).toEqual([]);
      expect(ukWithRu.map(([path]) => path)).toEqual([]);
    },
  );

  it("the password-reset e-mail has every part and the link placeholder", () => {
    for (const language of interfaceLanguages) {
      const mail = textsOf(language, "email");
      for (const part of ["subject", "greeting", "body", "button", "link_hint", "footer"]) {
        expect(mail.get(`password_reset.${part}`), `${language} ${part}`).toBeTypeOf("string");
      }
      expect(placeholders(mail.get("password_reset.link_hint"))).toEqual(["link"]);
    }
  });
});
