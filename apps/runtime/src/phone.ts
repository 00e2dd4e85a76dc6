import { defaultPhoneCountryFor } from "@leadquiz/engine";
import {
  type CountryCode,
  type MetadataJson,
  parsePhoneNumberFromString,
} from "libphonenumber-js/core";
import type { PhoneZone } from "./phone-metadata/zones";

/**
 * Phone numbers, checked and formatted with libphonenumber-js (`core` + the `min` metadata
 * split by world numbering zone, docs/adr/0007): this chunk holds the library; the
 * metadata of a zone (0.4-3.2 KB gzipped) is fetched when a number of that zone is typed,
 * and the zone of the quiz's default country in advance.
 */

/** The zone (first digit of the calling code) of each default country. */
const COUNTRY_ZONE: Partial<Record<CountryCode, string>> = {
  UA: "3",
  PL: "4",
  DE: "4",
  FR: "3",
  IT: "3",
};

/** The default country of a quiz language's numbers (the engine's table, shared with the server). */
export function defaultCountryFor(language: string): CountryCode | undefined {
  return defaultPhoneCountryFor(language);
}

type ZoneModule = { default: PhoneZone };
const ZONES: Record<string, () => Promise<ZoneModule>> = {
  "1": () => import("./phone-metadata/zone-1.json"),
  "2": () => import("./phone-metadata/zone-2.json"),
  "3": () => import("./phone-metadata/zone-3.json"),
  "4": () => import("./phone-metadata/zone-4.json"),
  "5": () => import("./phone-metadata/zone-5.json"),
  "6": () => import("./phone-metadata/zone-6.json"),
  "7": () => import("./phone-metadata/zone-7.json"),
  "8": () => import("./phone-metadata/zone-8.json"),
  "9": () => import("./phone-metadata/zone-9.json"),
};

/** The metadata of the zones loaded so far, merged (libphonenumber-js reads it as `min`). */
const metadata = {
  version: 4,
  country_calling_codes: {} as Record<string, string[]>,
  countries: {} as Record<string, unknown[]>,
  nonGeographic: {} as Record<string, unknown[]>,
};
const loaded = new Set<string>();
const loading = new Map<string, Promise<void>>();

function loadZone(zone: string): Promise<void> {
  const load = ZONES[zone];
  if (!load || loaded.has(zone)) return Promise.resolve();
  let pending = loading.get(zone);
  if (!pending) {
    pending = load().then(
      ({ default: data }) => {
        Object.assign(metadata.country_calling_codes, data.country_calling_codes);
        Object.assign(metadata.countries, data.countries);
        Object.assign(metadata.nonGeographic, data.nonGeographic ?? {});
        loaded.add(zone);
      },
      () => {
        loading.delete(zone); // offline: try again next time
      },
    );
    loading.set(zone, pending);
  }
  return pending;
}

/**
 * The zones a text needs: the default country's, and the zone of its calling code when
 * the text has one ("+44 …", or "00 44 …" after the default country's international
 * prefix, which is known once the default country's zone is here).
 */
function zonesOf(text: string, country: CountryCode | undefined): string[] {
  const trimmed = text.trim();
  const digits = trimmed.replace(/\D/g, "");
  const zones: string[] = [];
  if (country) zones.push(COUNTRY_ZONE[country] ?? "");
  if (trimmed.startsWith("+")) {
    zones.push(digits.charAt(0));
  } else if (country) {
    const idd = metadata.countries[country]?.[1];
    if (typeof idd === "string") {
      const prefix = new RegExp(`^(?:${idd})`).exec(digits)?.[0];
      const next = prefix === undefined ? "" : digits.charAt(prefix.length);
      if (next !== "" && next !== "0") zones.push(next);
    }
  }
  return zones.filter((zone) => zone in ZONES);
}

/** Loads the metadata `checkPhone` needs for this text (twice: the prefix needs the first). */
export async function preparePhone(text: string, country: CountryCode | undefined): Promise<void> {
  await Promise.all(zonesOf(text, country).map(loadZone));
  await Promise.all(zonesOf(text, country).map(loadZone));
}

export interface PhoneCheck {
  valid: boolean;
  /** The international form ("+380 50 123 4567") when valid; the text as typed otherwise. */
  formatted: string;
}

/**
 * Checks a number; `null` while the metadata it needs is not loaded (`preparePhone`), or
 * could not be (offline): the caller then takes the number as typed.
 */
export function checkPhone(text: string, country: CountryCode | undefined): PhoneCheck | null {
  if (!zonesOf(text, country).every((zone) => loaded.has(zone))) return null;
  const phone = parsePhoneNumberFromString(
    text.trim(),
    country ? { defaultCountry: country } : {},
    metadata as unknown as MetadataJson,
  );
  if (!phone?.isValid()) return { valid: false, formatted: text };
  return { valid: true, formatted: phone.formatInternational() };
}
