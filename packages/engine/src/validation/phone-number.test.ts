import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/core";
import examples from "libphonenumber-js/examples.mobile.json";
import maxMetadataJson from "libphonenumber-js/max/metadata";
import metadataJson from "libphonenumber-js/min/metadata";
import { describe, expect, it } from "vitest";
import { internationalPhoneNumber, type PhoneMetadata } from "./phone-number";

/*
 * internationalPhoneNumber must answer exactly what libphonenumber-js answers
 * (`parsePhoneNumberFromString` → `isValid()` → `formatInternational()`) on the same
 * metadata, for every text without an extension: this file compares the two on the
 * library's example number of every country, written the ways visitors write numbers,
 * broken in every way a typo breaks them, and on random digits.
 */

// The library's type of its metadata JSON is structurally ours with narrower tuples.
const metadata = metadataJson as unknown as PhoneMetadata;

/** What the library says: the international form of a valid number, else null. */
function library(
  text: string,
  country: string | undefined,
  on: PhoneMetadata = metadata,
): string | null {
  const phone = parsePhoneNumberFromString(
    text,
    country ? { defaultCountry: country as CountryCode } : {},
    { version: 4, ...on } as unknown as typeof metadataJson,
  );
  return phone?.isValid() ? phone.formatInternational() : null;
}

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DEFAULT_COUNTRIES = [undefined, "UA", "PL", "DE", "FR", "IT", "US", "GB", "RU", "BR", "CA"];
const next = random(2026);
const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
const digit = () => String(Math.floor(next() * 10));

/** Typos of a digit string: one digit dropped, added, changed, or two swapped. */
function typos(digits: string): string[] {
  const at = Math.floor(next() * digits.length);
  return [
    digits.slice(0, at) + digits.slice(at + 1),
    digits.slice(0, at) + digit() + digits.slice(at),
    digits.slice(0, at) + digit() + digits.slice(at + 1),
    digits.slice(0, at) + (digits[at + 1] ?? "") + (digits[at] ?? "") + digits.slice(at + 2),
    digits + digit(),
    digits.slice(0, -1),
  ];
}

/** The ways one number gets written: groups, punctuation, other digit scripts, words around. */
function writings(digits: string): string[] {
  const groups = digits.replace(/(\d{2,3})(?=\d)/g, "$1 ");
  const fullWidth = [...digits].map((d) => String.fromCharCode(0xff10 + Number(d))).join("");
  const arabic = [...digits].map((d) => String.fromCharCode(0x0660 + Number(d))).join("");
  return [
    digits,
    groups,
    groups.replace(/ /g, "-"),
    groups.replace(/ /g, "."),
    `(${digits.slice(0, 3)}) ${digits.slice(3)}`,
    `${digits.slice(0, 3)}/${digits.slice(3)}`,
    fullWidth,
    arabic,
    `tel. ${groups}`,
    `${groups} (mobile)`,
  ];
}

type Case = readonly [text: string, defaultCountry: string | undefined];

/**
 * Every country's example, in national and international writing, with typos; each read
 * with no default country, with its own country as the default, and with one of the others.
 */
function exampleCases(): Case[] {
  const cases: Case[] = [];
  for (const [country, national] of Object.entries(examples)) {
    const texts: string[] = [];
    const plan = metadata.countries[country];
    const code = String(plan?.[0]);
    const prefix = typeof plan?.[5] === "string" ? plan[5] : "";
    for (const digits of [national, ...typos(national)]) {
      texts.push(...writings(digits));
      texts.push(`${prefix}${digits}`, `${prefix} ${digits}`);
      texts.push(...writings(`${code}${digits}`).map((text) => `+${text}`));
      texts.push(`${code}${digits}`, `00${code}${digits}`, `00 ${code} ${digits}`);
      texts.push(`011 ${code} ${digits}`, `+${code}${prefix}${digits}`, `+ ${code} ${digits}`);
    }
    for (const text of texts) {
      cases.push([text, undefined], [text, country], [text, pick(DEFAULT_COUNTRIES)]);
    }
  }
  return cases;
}

/** Random digit strings with and without "+", of every length a text can have. */
function randomCases(count: number): Case[] {
  const cases: Case[] = [];
  for (let n = 0; n < count; n += 1) {
    const length = 1 + Math.floor(next() * 18);
    const digits = Array.from({ length }, digit).join("");
    cases.push([pick(["", "+", "00", "0", "8", "+0"]) + digits, pick(DEFAULT_COUNTRIES)]);
  }
  return cases;
}

function mismatches(cases: readonly Case[], on: PhoneMetadata = metadata) {
  const found: { text: string; country: string | undefined; ours: unknown; library: unknown }[] =
    [];
  for (const [text, country] of cases) {
    const expected = library(text, country, on);
    const actual = internationalPhoneNumber(text, country, on);
    if (actual !== expected) found.push({ text, country, ours: actual, library: expected });
  }
  return found;
}

describe("internationalPhoneNumber", () => {
  it("reads and formats numbers as visitors type them", () => {
    expect(internationalPhoneNumber("+380501234567", undefined, metadata)).toBe("+380 50 123 4567");
    expect(internationalPhoneNumber("050 123 45 67", "UA", metadata)).toBe("+380 50 123 4567");
    expect(internationalPhoneNumber("00 48 512 345 678", "UA", metadata)).toBe("+48 512 345 678");
    expect(internationalPhoneNumber("+1 (416) 555-0123", undefined, metadata)).toBe(
      "+1 416 555 0123",
    );
    expect(internationalPhoneNumber("050 123 45 67", undefined, metadata)).toBeNull();
    expect(internationalPhoneNumber("+380 50 123", undefined, metadata)).toBeNull();
    expect(internationalPhoneNumber("", "UA", metadata)).toBeNull();
  });

  it("answers as libphonenumber-js for every country's number, typos and all", () => {
    const cases = exampleCases();
    expect(cases.length).toBeGreaterThan(100_000);
    expect(mismatches(cases).slice(0, 10)).toEqual([]);
    // The comparison is not vacuous: many of these are valid, many are not.
    const valid = cases.filter(([text, country]) => library(text, country) !== null).length;
    expect(valid).toBeGreaterThan(cases.length / 10);
    expect(valid).toBeLessThan(cases.length * 0.9);
  }, 60_000);

  it("answers as libphonenumber-js for random digits", () => {
    expect(mismatches(randomCases(50_000)).slice(0, 10)).toEqual([]);
  }, 60_000);

  it("answers as libphonenumber-js with only some calling codes loaded (the runtime's zones)", () => {
    const loaded = (code: string) => code.startsWith("38") || code.startsWith("4");
    const codes = Object.entries(metadata.country_calling_codes).filter(([code]) => loaded(code));
    const countries = new Set(codes.flatMap(([, list]) => list));
    const partial: PhoneMetadata = {
      country_calling_codes: Object.fromEntries(codes),
      countries: Object.fromEntries(
        Object.entries(metadata.countries).filter(([country]) => countries.has(country)),
      ),
      nonGeographic: Object.fromEntries(
        Object.entries(metadata.nonGeographic).filter(([code]) => loaded(code)),
      ),
    };
    const cases = [...exampleCases().filter((_, n) => n % 5 === 0), ...randomCases(10_000)];
    expect(mismatches(cases, partial).slice(0, 10)).toEqual([]);
  }, 60_000);

  it("answers as libphonenumber-js on the max metadata (the server's invalid_phone flag)", () => {
    // The server flags a stored number that no operator could have issued with the fuller
    // `max` metadata (apps/server lead-quality.ts), through this same function.
    const max = maxMetadataJson as unknown as PhoneMetadata;
    const cases = [...exampleCases().filter((_, n) => n % 10 === 0), ...randomCases(5_000)];
    expect(mismatches(cases, max).slice(0, 10)).toEqual([]);
    // The fuller metadata is stricter: some numbers the min metadata takes, it refuses.
    const stricter = cases.filter(
      ([text, country]) =>
        internationalPhoneNumber(text, country, metadata) !== null &&
        internationalPhoneNumber(text, country, max) === null,
    );
    expect(stricter.length).toBeGreaterThan(0);
  }, 60_000);

  it("refuses a number with an extension, which the library reads apart", () => {
    expect(library("+380 50 123 4567 ext. 12", undefined)).toBe("+380 50 123 4567 ext. 12");
    expect(internationalPhoneNumber("+380 50 123 4567 ext. 12", undefined, metadata)).toBeNull();
    expect(internationalPhoneNumber("+380 50 123 4567 #12", undefined, metadata)).toBeNull();
  });
});
