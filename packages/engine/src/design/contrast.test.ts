import { describe, expect, it } from "vitest";
import { contrastRatio, errorColorOn, meetsTextContrast, parseColor } from "./contrast";

describe("colour contrast (WCAG 2.2)", () => {
  it("reads the colour notations the design stores", () => {
    expect(parseColor("#fff")).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseColor("#1A73E8")).toEqual({ r: 26, g: 115, b: 232 });
    expect(parseColor("#1a73e880")).toEqual({ r: 26, g: 115, b: 232 });
    expect(parseColor("rgb(10, 20, 30)")).toEqual({ r: 10, g: 20, b: 30 });
    expect(parseColor("rgba(100% 0% 0% / 0.5)")).toEqual({ r: 255, g: 0, b: 0 });
    expect(parseColor("blue")).toBeNull();
  });

  it("gives 21:1 for black on white and 1:1 for equal colours", () => {
    expect(contrastRatio("#000", "#fff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#fff", "#000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBeCloseTo(1, 5);
  });

  it("matches known ratios around the AA threshold", () => {
    // #767676 on white is the well-known lightest grey that passes (4.54:1).
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(meetsTextContrast("#767676", "#ffffff")).toBe(true);
    expect(meetsTextContrast("#777777", "#ffffff")).toBe(false);
    expect(meetsTextContrast("#ffff00", "#ffffff")).toBe(false);
  });

  it("does not warn about a colour it cannot read", () => {
    expect(contrastRatio("nonsense", "#fff")).toBeNull();
    expect(meetsTextContrast("nonsense", "#fff")).toBe(true);
  });

  it("picks an error red that stays readable on the quiz's background", () => {
    expect(errorColorOn("#ffffff")).toBe("#b91c1c");
    expect(errorColorOn("#111827")).toBe("#fca5a5");
    expect(meetsTextContrast(errorColorOn("#111827"), "#111827")).toBe(true);
    // Mid grey: neither passes; the one that contrasts more.
    const grey = "#808080";
    const ratio = contrastRatio(errorColorOn(grey), grey) ?? 0;
    expect(ratio).toBeGreaterThanOrEqual(contrastRatio("#fca5a5", grey) ?? 0);
    expect(ratio).toBeGreaterThanOrEqual(contrastRatio("#b91c1c", grey) ?? 0);
    expect(errorColorOn("nonsense")).toBe("#b91c1c");
  });
});
