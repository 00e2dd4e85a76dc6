import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { type PhoneMetadataJson, phoneZoneKey, phoneZones } from "./phone-metadata/zones";

type Phone = typeof import("./phone");
let phone: Phone;

beforeEach(async () => {
  vi.resetModules(); // each test starts with no zone loaded
  phone = await import("./phone");
});

describe("phone metadata zones", () => {
  it("are what scripts/phone-metadata.ts makes of the installed libphonenumber-js", () => {
    const require = createRequire(import.meta.url);
    const min = JSON.parse(
      readFileSync(require.resolve("libphonenumber-js/metadata.min.json"), "utf8"),
    ) as PhoneMetadataJson;
    const zones = phoneZones(min);
    const files = import.meta.glob<{ default: unknown }>("./phone-metadata/zone-*.json", {
      eager: true,
    });
    expect(Object.keys(files).sort()).toEqual(
      Object.keys(zones)
        .map((key) => `./phone-metadata/zone-${key}.json`)
        .sort(),
    );
    for (const [key, zone] of Object.entries(zones)) {
      const file = files[`./phone-metadata/zone-${key}.json`]?.default;
      expect(file, `zone-${key}.json is stale: npm run phone-metadata`).toEqual(zone);
    }
    // A zone's key is what the digits of each of its calling codes give.
    for (const [key, zone] of Object.entries(zones)) {
      for (const code of Object.keys(zone.country_calling_codes)) {
        expect(phoneZoneKey(`${code}501234567`)).toBe(key);
      }
    }
    // Every country of the metadata is in exactly one zone: no country is left out.
    const countries = Object.values(zones).flatMap((zone) => Object.keys(zone.countries));
    expect(countries.sort()).toEqual(Object.keys(min.countries).sort());
  });
});

describe("checkPhone", () => {
  it("says nothing until the number's zone is loaded", async () => {
    expect(phone.checkPhone("+380501234567", undefined)).toBeNull();
    await phone.preparePhone("+380501234567", undefined);
    expect(phone.checkPhone("+380501234567", undefined)).toEqual({
      valid: true,
      formatted: "+380 50 123 4567",
    });
  });

  it("reads a national number in the quiz language's country", async () => {
    const country = phone.defaultCountryFor("pl");
    expect(country).toBe("PL");
    await phone.preparePhone("512 345 678", country);
    expect(phone.checkPhone("512 345 678", country)).toEqual({
      valid: true,
      formatted: "+48 512 345 678",
    });
  });

  it("never forces the default country: a +code or an international prefix wins", async () => {
    const country = phone.defaultCountryFor("uk");
    await phone.preparePhone("+1 416 555 0123", country);
    expect(phone.checkPhone("+1 416 555 0123", country)?.formatted).toBe("+1 416 555 0123");
    await phone.preparePhone("00 48 512 345 678", country);
    expect(phone.checkPhone("00 48 512 345 678", country)).toEqual({
      valid: true,
      formatted: "+48 512 345 678",
    });
    await phone.preparePhone("+7 912 345 67 89", country);
    expect(phone.checkPhone("+7 912 345 67 89", country)?.formatted).toBe("+7 912 345 67 89");
  });

  it("rejects impossible numbers and national numbers without a country", async () => {
    await phone.preparePhone("+38012", undefined);
    expect(phone.checkPhone("+38012", undefined)?.valid).toBe(false);
    expect(phone.defaultCountryFor("en")).toBeUndefined();
    await phone.preparePhone("0501234567", undefined);
    expect(phone.checkPhone("0501234567", undefined)?.valid).toBe(false);
  });
});
