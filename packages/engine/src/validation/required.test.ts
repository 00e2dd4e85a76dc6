import { describe, expect, it } from "vitest";
import { validateRequired, validateRequiredCheckbox } from "./required";

describe("validateRequired", () => {
  it.each([
    ["", "required"],
    ["   ", "required"],
    ["\t\n", "required"],
    [null, "required"],
    [undefined, "required"],
    [Number.NaN, "required"],
    ["a", null],
    [" x ", null],
    ["0", null],
    [0, null],
    [-1.5, null],
  ] as const)("%j → %s", (value, expected) => {
    expect(validateRequired(value)).toBe(expected);
  });
});

describe("validateRequiredCheckbox", () => {
  it.each([
    [true, null],
    [false, "required_checkbox"],
    [null, "required_checkbox"],
    [undefined, "required_checkbox"],
  ] as const)("%j → %s", (value, expected) => {
    expect(validateRequiredCheckbox(value)).toBe(expected);
  });
});
