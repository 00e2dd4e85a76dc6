/**
 * Splits libphonenumber-js's `min` metadata by world numbering zone (the first digit of the
 * country calling code: 1 North America, 2 Africa, 3-4 Europe, 5 Latin America, 6 Oceania and
 * South-East Asia, 7 Russia and Kazakhstan, 8 East Asia, 9 Middle East and South Asia), so a
 * visitor downloads the metadata of the zone of the number they type, not of the world
 * (docs/adr/0007). Nothing is dropped that parsing, validating or formatting a complete
 * number in the international form reads: only the earlier, shorter leading-digits patterns
 * of each format go (libphonenumber-js's `format` matches the last one; the shorter ones
 * serve the as-you-type formatter, which the runtime does not use).
 *
 * Used by `scripts/phone-metadata.ts` (writes `zone-{1..9}.json`) and by the test that
 * checks those files match the installed libphonenumber-js. Not part of the visitor bundle.
 */

/** libphonenumber-js's metadata JSON (v4 layout: countries are positional tuples). */
export interface PhoneMetadataJson {
  version: number;
  country_calling_codes: Record<string, string[]>;
  countries: Record<string, unknown[]>;
  nonGeographic?: Record<string, unknown[]>;
}

export type PhoneZone = Omit<PhoneMetadataJson, "version">;

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

/** The nine zones ("1".."9") of the metadata. */
export function phoneZones(metadata: PhoneMetadataJson): Record<string, PhoneZone> {
  const zones: Record<string, PhoneZone> = {};
  for (const [code, countries] of Object.entries(metadata.country_calling_codes)) {
    const digit = code.charAt(0);
    const zone = zones[digit] ?? { country_calling_codes: {}, countries: {}, nonGeographic: {} };
    zones[digit] = zone;
    zone.country_calling_codes[code] = countries;
    for (const country of countries) {
      if (country === "001") {
        const plan = metadata.nonGeographic?.[code];
        if (plan && zone.nonGeographic) zone.nonGeographic[code] = reduceCountry(plan);
        continue;
      }
      const plan = metadata.countries[country];
      if (plan) zone.countries[country] = reduceCountry(plan);
    }
  }
  return zones;
}
