import { describe, expect, it } from "vitest";
import {
  answerProblem,
  answerRange,
  hasNumericValue,
  isAnswered,
  numericValue,
} from "./answer-value";
import { choice, question } from "./test-fixtures";

const single = choice(1, [3, 5, -2]);
const multi = choice(2, [3, 5, -2], { multi_answers: true, own_answer: true });
const text = question(3, 4);
const rating = question(4, 5, { quantity_of_answers: 10 });
const date = question(5, 6);
const dateRange = question(6, 6, { date_range: true, time: true });
const slider = question(7, 7, { min: 0, max: 100, step: 5 });
const twoSided = question(8, 7, { min: 0, max: 100, step: 5, two_sided: true });

describe("numericValue", () => {
  it("choice: the sum of the selected answers' points", () => {
    expect(numericValue(single, { answers: [12] })).toBe(5);
    expect(numericValue(multi, { answers: [21, 22, 23] })).toBe(6);
    expect(numericValue(multi, { answers: [23] })).toBe(-2);
  });

  it("choice: an own-answer text adds nothing; alone it is worth 0", () => {
    expect(numericValue(multi, { answers: [21], own_text: "mine" })).toBe(3);
    expect(numericValue(multi, { answers: [], own_text: "mine" })).toBe(0);
  });

  it("choice: a repeated id counts once", () => {
    expect(numericValue(multi, { answers: [22, 22] })).toBe(5);
  });

  it("rating: the rating; one-value slider: the number", () => {
    expect(numericValue(rating, 7)).toBe(7);
    expect(numericValue(slider, 35)).toBe(35);
  });

  it("text, date, date range and two-sided slider have none", () => {
    expect(numericValue(text, "42")).toBeNull();
    expect(numericValue(date, "2024-05-01")).toBeNull();
    expect(numericValue(dateRange, ["2024-05-01", "2024-05-03T10:00"])).toBeNull();
    expect(numericValue(twoSided, [10, 20])).toBeNull();
  });

  it("a missing, empty or ill-fitting answer has none", () => {
    expect(numericValue(single, undefined)).toBeNull();
    expect(numericValue(single, { answers: [] })).toBeNull();
    expect(numericValue(single, { answers: [11, 12] })).toBeNull();
    expect(numericValue(single, 3)).toBeNull();
    expect(numericValue(rating, 11)).toBeNull();
  });

  it("hasNumericValue by type", () => {
    expect([single, text, rating, date, slider, twoSided].map(hasNumericValue)).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
    ]);
    expect(hasNumericValue(question(9, 2))).toBe(true);
    expect(hasNumericValue(question(9, 3))).toBe(true);
  });
});

describe("answerProblem", () => {
  it.each([
    ["choice ok", single, { answers: [11] }, null],
    ["choice unknown id", single, { answers: [99] }, "unknown_answer"],
    ["choice several without multi_answers", single, { answers: [11, 12] }, "several_answers"],
    [
      "choice own text without own_answer",
      single,
      { answers: [], own_text: "x" },
      "own_text_not_allowed",
    ],
    [
      "choice own text plus one without multi",
      choice(9, [1], { own_answer: true }),
      { answers: [91], own_text: "x" },
      "several_answers",
    ],
    ["choice as number", single, 1, "wrong_shape"],
    ["text ok", text, "hello", null],
    ["text as number", text, 5, "wrong_shape"],
    ["rating 1", rating, 1, null],
    ["rating at the scale", rating, 10, null],
    ["rating 0", rating, 0, "out_of_range"],
    ["rating above scale", rating, 11, "out_of_range"],
    ["rating fraction", rating, 2.5, "wrong_shape"],
    ["rating default scale 5", question(9, 5), 6, "out_of_range"],
    ["date ok", date, "2024-05-01", null],
    ["date bad", date, "2024-02-30", "invalid_date"],
    ["date pair without date_range", date, ["2024-05-01", "2024-05-02"], "wrong_shape"],
    ["date range ok", dateRange, ["2024-05-01T09:00", "2024-05-01T17:00"], null],
    ["date range reversed", dateRange, ["2024-05-02", "2024-05-01"], "reversed_range"],
    ["date range single", dateRange, "2024-05-01", "wrong_shape"],
    ["slider ok", slider, 0, null],
    ["slider above max", slider, 101, "out_of_range"],
    ["slider NaN", slider, Number.NaN, "wrong_shape"],
    ["slider pair without two_sided", slider, [1, 2], "wrong_shape"],
    ["two-sided ok", twoSided, [10, 10], null],
    ["two-sided reversed", twoSided, [20, 10], "reversed_range"],
    ["two-sided out of bounds", twoSided, [-1, 10], "out_of_range"],
    ["missing", single, undefined, null],
  ] as const)("%s", (_name, q, value, expected) => {
    expect(answerProblem(q, value)).toBe(expected);
  });
});

describe("isAnswered", () => {
  it("empty selections and blank texts are not answers", () => {
    expect(isAnswered(single, { answers: [] })).toBe(false);
    expect(isAnswered(multi, { answers: [], own_text: "  " })).toBe(false);
    expect(isAnswered(text, "   ")).toBe(false);
    expect(isAnswered(date, "")).toBe(false);
    expect(isAnswered(text, "x")).toBe(true);
    expect(isAnswered(multi, { answers: [], own_text: "x" })).toBe(true);
  });
});

describe("answerRange", () => {
  it("date range as instants, single values as [v, v]", () => {
    expect(answerRange(dateRange, ["2024-05-01", "2024-05-02T12:00"])).toEqual([
      Date.UTC(2024, 4, 1),
      Date.UTC(2024, 4, 2, 12),
    ]);
    expect(answerRange(date, "2024-05-01")).toEqual([Date.UTC(2024, 4, 1), Date.UTC(2024, 4, 1)]);
    expect(answerRange(twoSided, [10, 30])).toEqual([10, 30]);
    expect(answerRange(slider, 40)).toEqual([40, 40]);
    expect(answerRange(single, { answers: [11] })).toBeNull();
  });
});
