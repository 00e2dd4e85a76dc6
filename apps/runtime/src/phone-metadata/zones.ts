/**
 * Splits libphonenumber-js's `min` metadata by the first two digits of the country calling
 * code ("38": Ukraine, Serbia, Croatia…; "44": the UK and its islands), the codes of North
 * America (1) and of Russia and Kazakhstan (7) being one digit long, so a visitor downloads
 * the metadata of the calling code of the number they type, not of its world numbering zone
 * nor of the world (docs/adr/0007, 0011). The zone's key is known from the typed digits
 * alone: no list of calling codes is needed in the browser. Nothing is dropped that parsing, validating or formatting a complete
 * number in the international form reads: only the earlier, shorter leading-digits patterns
 * of each format go (libphonenumber-js's `format` matches the last one; the shorter ones
 * serve the as-you-type formatter, which the runtime does not use).
 *
 * Used by `scripts/phone-metadata.ts` (writes `zone-{key}.json`) and by the test that
 * checks those files match the installed libphonenumber-js. Not part of the visitor bundle.
 */

import type { PhoneMetadata } from "@leadquiz/engine";

/** libphonenumber-js's metadata JSON: the engine's reader's shape, with its version. */
export interface PhoneMetadataJson extends PhoneMetadata {
  version: number;
}

/** A zone is metadata as the engine reads it, for some calling codes only. */
export type PhoneZone = PhoneMetadata;

/** Index of the formats in a country tuple and of leading-digits patterns in a format. */
const FORMATS = 4;
const LEADING_DIGITS = 2;

function reduceCountry(country: unknown[]): unknown[] {
  const copy = [...country];
  const formats = copy[FORMATS];
  if (Array.isArray(formats)) {
    copy[FORMATS] = formats.map((format: unknown) => {
      if (!Array.isArray(format)) return format;
      const patterns: unknown = format[LEADING_DIGITS];
      if (!Array.isArray(patterns) || patterns.length < 2) return format;
      const reduced = [...format];
      reduced[LEADING_DIGITS] = [patterns[patterns.length - 1]];
      return reduced;
    });
  }
  return copy;
}

/**
 * The key of the metadata a number's digits (after "+" or the international prefix) need:
 * "1" and "7" (one-digit calling codes), else the first two digits. Also in the browser
 * (phone.ts), so this file imports no code (a type only).
 */
export function phoneZoneKey(digits: string): string {
  const first = digits.charAt(0);
  return first === "1" || first === "7" ? first : digits.slice(0, 2);
}

/** The zones of the metadata, by `phoneZoneKey` of their calling codes. */
export function phoneZones(metadata: PhoneMetadataJson): Record<string, PhoneZone> {
  const zones: Record<string, PhoneZone> = {};
  for (const [code, countries] of Object.entries(metadata.country_calling_codes)) {
    const key = phoneZoneKey(code);
    const zone = zones[key] ?? { country_calling_codes: {}, countries: {}, nonGeographic: {} };
    zones[key] = zone;
    zone.country_calling_codes[code] = countries;
    for (const country of countries) {
      if (country === "001") {
        const plan = metadata.nonGeographic[code];
        if (plan) zone.nonGeographic[code] = reduceCountry(plan);
        continue;
      }
      const plan = metadata.countries[country];
      if (plan) zone.countries[country] = reduceCountry(plan);
    }
  }
  return zones;
}
