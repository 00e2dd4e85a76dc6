import {
  defaultPhoneCountryFor,
  internationalPhoneNumber,
  type PhoneMetadata,
} from "@leadquiz/engine";
import { type PhoneZone, phoneZoneKey } from "./phone-metadata/zones";

/**
 * Phone numbers, checked and formatted by the engine's reader of libphonenumber-js's `min`
 * metadata (the server's lead check uses the same, docs/adr/0013), the metadata split by
 * the first digits of the calling code (docs/adr/0007 and 0011): this chunk holds the
 * checker; the metadata of a zone (0.2-1.4 KB gzipped) is fetched when a number of that
 * zone is typed, and the zone of the quiz's default country in advance.
 */

/** A country's ISO 3166-1 alpha-2 code, as the metadata names it. */
type CountryCode = string;

/** The zone (`phoneZoneKey` of the calling code) of each default country. */
const COUNTRY_ZONE: Partial<Record<CountryCode, string>> = {
  UA: "38",
  PL: "48",
  DE: "49",
  FR: "33",
  IT: "39",
};

/** The default country of a quiz language's numbers (the engine's table, shared with the server). */
export function defaultCountryFor(language: string): CountryCode | undefined {
  return defaultPhoneCountryFor(language);
}

/** The zones' loaders by key (`./phone-metadata/zone-38.json` → "38"), one chunk each. */
const ZONES: Record<string, () => Promise<PhoneZone>> = Object.fromEntries(
  Object.entries(
    import.meta.glob<PhoneZone>("./phone-metadata/zone-*.json", { import: "default" }),
  ).map(([file, load]) => [/zone-(\d+)/.exec(file)?.[1] ?? "", load]),
);

/** The metadata of the zones loaded so far, merged. */
const metadata: PhoneMetadata = { country_calling_codes: {}, countries: {}, nonGeographic: {} };
const loaded = new Set<string>();
const loading = new Map<string, Promise<void>>();

function loadZone(zone: string): Promise<void> {
  const load = ZONES[zone];
  if (!load || loaded.has(zone)) return Promise.resolve();
  let pending = loading.get(zone);
  if (!pending) {
    pending = load().then(
      (data) => {
        Object.assign(metadata.country_calling_codes, data.country_calling_codes);
        Object.assign(metadata.countries, data.countries);
        Object.assign(metadata.nonGeographic, data.nonGeographic);
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
    zones.push(phoneZoneKey(digits));
  } else if (country) {
    const idd = metadata.countries[country]?.[1];
    if (typeof idd === "string") {
      const prefix = new RegExp(`^(?:${idd})`).exec(digits)?.[0];
      if (prefix !== undefined) zones.push(phoneZoneKey(digits.slice(prefix.length)));
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
  const international = internationalPhoneNumber(text.trim(), country, metadata);
  return international === null
    ? { valid: false, formatted: text }
    : { valid: true, formatted: international };
}
