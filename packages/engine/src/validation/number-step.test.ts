import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isMultipleOfStep, validateNumberStep } from "./number-step";

describe("validateNumberStep", () => {
  it.each([
    [{ min: 0, max: 100, step: 1 }, null],
    [{ min: 0, max: 100, step: 5 }, null],
    [{ min: 0, max: 100, step: 100 }, null],
    [{ min: 0, max: 100, step: 3 }, "number_step"],
    [{ min: 0, max: 100, step: 101 }, "number_step"],
    [{ min: -10, max: 10, step: 4 }, null],
    [{ min: -10, max: 10, step: 3 }, "number_step"],
    [{ min: 0, max: 1, step: 0.1 }, null],
    [{ min: 0, max: 0.3, step: 0.1 }, null],
    [{ min: 0.1, max: 0.7, step: 0.2 }, null],
    [{ min: 0, max: 1, step: 0.3 }, "number_step"],
    [{ min: 1.05, max: 2.1, step: 0.15 }, null],
    [{ min: 0, max: 1, step: 0.01 }, null],
    [{ min: 0, max: 1, step: 0.001 }, null],
    [{ min: 0, max: 1, step: 0.003 }, "number_step"],
    [{ min: 0, max: 1e-6, step: 1e-7 }, null],
    [{ min: 1000, max: 1_000_000, step: 0.5 }, null],
    [{ min: 0, max: 100, step: 0 }, "number_step_not_positive"],
    [{ min: 0, max: 100, step: -5 }, "number_step_not_positive"],
    [{ min: 10, max: 10, step: 1 }, "number_max_not_greater_than_min"],
    [{ min: 10, max: 0, step: 1 }, "number_max_not_greater_than_min"],
    [{ min: Number.NaN, max: 10, step: 1 }, "invalid_number"],
    [{ min: 0, max: Number.POSITIVE_INFINITY, step: 1 }, "invalid_number"],
    [{ min: 0, max: 10, step: Number.NaN }, "invalid_number"],
  ])("%j → %s", (range, expected) => {
    expect(validateNumberStep(range)).toBe(expected);
  });

  it("falls back to a tolerant comparison for very many decimals", () => {
    expect(isMultipleOfStep(0, 1e-13 * 7, 1e-13)).toBe(true);
    expect(isMultipleOfStep(0, 1e-13 * 7.5, 1e-13)).toBe(false);
  });

  it("accepts every max that lies on the integer grid min + k·step", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 1000 }),
        (min, step, k) => {
          expect(validateNumberStep({ min, max: min + k * step, step })).toBeNull();
        },
      ),
    );
  });

  it("rejects every max between two grid points", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: 2, max: 10_000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 1, max: 9_999 }),
        (min, step, k, offset) => {
          fc.pre(offset < step);
          expect(validateNumberStep({ min, max: min + k * step + offset, step })).toBe(
            "number_step",
          );
        },
      ),
    );
  });

  it("decides decimal grids exactly (min, step and max with up to 4 decimal places)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100_000, max: 100_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 9_999 }),
        fc.integer({ min: 1, max: 4 }),
        (minUnits, stepUnits, k, offset, decimals) => {
          fc.pre(offset < stepUnits);
          const scale = 10 ** decimals;
          const min = minUnits / scale;
          const step = stepUnits / scale;
          const max = (minUnits + k * stepUnits + offset) / scale;
          expect(validateNumberStep({ min, max, step })).toBe(offset === 0 ? null : "number_step");
        },
      ),
    );
  });
});
