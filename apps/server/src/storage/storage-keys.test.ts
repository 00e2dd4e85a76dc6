import { describe, expect, it } from "vitest";
import { isStorageKey, newStorageKey } from "./storage-keys";

describe("storage keys", () => {
  it("are random, foldered and recognised", () => {
    const key = newStorageKey("png");
    expect(key).toMatch(/^[0-9a-f]{2}\/[0-9a-f]{32}\.png$/);
    expect(key.slice(0, 2)).toBe(key.slice(3, 5));
    expect(isStorageKey(key)).toBe(true);
    expect(newStorageKey("png")).not.toBe(key);
  });

  it("refuse anything a request could use to leave the uploads folder", () => {
    for (const value of [
      "../secrets.json",
      `ab/../${"0".repeat(32)}.png`,
      `/ab/${"0".repeat(32)}.png`,
      `ab/${"0".repeat(32)}.svg`,
      `ab/${"0".repeat(32)}.html`,
      `ab/${"0".repeat(31)}.png`,
      `AB/${"0".repeat(32)}.png`,
      `ab\\${"0".repeat(32)}.png`,
      `ab/${"0".repeat(32)}.png\n`,
    ]) {
      expect(isStorageKey(value), value).toBe(false);
    }
  });
});
