import { units } from "@leadquiz/contract";
import { describe, expect, it } from "vitest";
import { visitorLanguages } from "../languages";
import { texts as de } from "./de";
import { texts as en } from "./en";
import { texts as fr } from "./fr";
import { texts as it_ } from "./it";
import { texts as pl } from "./pl";
import { texts as pt } from "./pt";
import { texts as ru } from "./ru";
import type { VisitorTexts } from "./types";
import { texts as uk } from "./uk";

const all: Record<(typeof visitorLanguages)[number], VisitorTexts> = {
  en,
  ru,
  uk,
  pt,
  it: it_,
  fr,
  pl,
  de,
};

function flat(node: object, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(node)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "object" && value !== null) {
      for (const entry of flat(value, path)) out.set(...entry);
    } else out.set(path, value);
  }
  return out;
}

const placeholders = (text: unknown) =>
  [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

const english = flat(en);

describe("visitor texts", () => {
  it("exist for every visitor language", () => {
    expect(Object.keys(all).sort()).toEqual([...visitorLanguages].sort());
  });

  it("name every unit of the contract", () => {
    expect(Object.keys(en.units).sort()).toEqual([...units].sort());
  });

  it.each(visitorLanguages)("%s has every key of en, each a non-empty text", (language) => {
    const texts = flat(all[language]);
    expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
    expect(
      [...texts].filter(([, value]) => typeof value !== "string" || value.trim() === ""),
    ).toEqual([]);
  });

  it.each(visitorLanguages)("%s uses the placeholders of en", (language) => {
    const texts = flat(all[language]);
    const mismatched = [...english].filter(
      ([key, value]) => placeholders(value).join() !== placeholders(texts.get(key)).join(),
    );
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });

  it.each(visitorLanguages.filter((language) => language !== "en"))(
    "%s is translated (its buttons differ from en)",
    (language) => {
      const texts = all[language];
      expect([texts.next, texts.submit, texts.thank_you_title]).not.toEqual([
        en.next,
        en.submit,
        en.thank_you_title,
      ]);
    },
  );
});
