import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pixelIdHint } from "./pixel";

describe("pixelIdHint", () => {
  it.each([
    ["12345678901234", "pixel_id_hint"],
    ["123456789012345", null],
    ["1234567890123456", null],
    ["12345678901234567", "pixel_id_hint"],
    [" 123456789012345 ", null],
    ["12345678901234a", "pixel_id_hint"],
    ["123 456 789 012 345", "pixel_id_hint"],
    ["-12345678901234", "pixel_id_hint"],
    ["١٢٣٤٥٦٧٨٩٠١٢٣٤٥", "pixel_id_hint"],
    ["", null],
    ["   ", null],
  ])("%j → %s", (value, expected) => {
    expect(pixelIdHint(value)).toBe(expected);
  });

  it("gives no hint exactly for 15 or 16 ASCII digits", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,30}$/), (value) => {
        const ok = value.length === 15 || value.length === 16;
        expect(pixelIdHint(value)).toBe(ok ? null : "pixel_id_hint");
      }),
    );
  });
});
