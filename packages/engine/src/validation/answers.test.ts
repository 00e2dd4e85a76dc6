import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ANSWERS_MAX, ANSWERS_MIN, validateAnswerCount } from "./answers";

describe("validateAnswerCount", () => {
  it.each([
    [0, "quantity_of_answers"],
    [1, "quantity_of_answers"],
    [2, null],
    [5, null],
    [10, null],
    [11, "quantity_of_answers"],
    [-2, "quantity_of_answers"],
    [2.5, "quantity_of_answers"],
    [Number.NaN, "quantity_of_answers"],
    [Number.POSITIVE_INFINITY, "quantity_of_answers"],
  ])("%d answers → %s", (count, expected) => {
    expect(validateAnswerCount(count)).toBe(expected);
  });

  it("accepts exactly the integers from 2 to 10", () => {
    expect([ANSWERS_MIN, ANSWERS_MAX]).toEqual([2, 10]);
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (count) => {
        const inRange = count >= 2 && count <= 10;
        expect(validateAnswerCount(count)).toBe(inRange ? null : "quantity_of_answers");
      }),
    );
  });
});
