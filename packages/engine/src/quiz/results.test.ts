import { describe, expect, it } from "vitest";
import { quizState } from "./reachable";
import {
  answersSum,
  computedNumber,
  isEligible,
  outputRowFor,
  roundToCents,
  shownResults,
  shownValue,
} from "./results";
import { choice, condition, f, question, result, snapshot } from "./test-fixtures";
import type { AnswerMap, QuizSnapshot, Result, ResultsSettings } from "./types";

const questions = [
  choice(1, [10, 20], { multi_answers: true }),
  question(2, 5, { quantity_of_answers: 10 }),
  question(3, 4),
  question(4, 7, { min: 0, max: 100 }),
  question(5, 7, { two_sided: true }),
  choice(6, [100], {}, { conditions: [condition(1, { answers: [12] })] }),
];
const answers: AnswerMap = {
  1: { answers: [11, 12] },
  2: 3,
  3: "hi",
  4: 2.5,
  5: [1, 9],
  6: { answers: [61] },
};
const settings: ResultsSettings = {
  show_several: true,
  position: "before_form",
  output_format: "points",
  general_formula: f("q2", "*", 100),
};
const quiz = (results: Result[], more: Partial<ResultsSettings> = {}): QuizSnapshot =>
  snapshot({ questions, results, results_settings: { ...settings, ...more } });
const state = quizState(quiz([]), answers);

describe("computed number", () => {
  it("Const has none", () => {
    expect(computedNumber(result(1, { type: 1, formula: f(1) }), settings, state)).toBeNull();
  });
  it("Formula: its own formula, or the general one with use_general_formula", () => {
    const own = result(1, { type: 2, formula: f("q1", "+", "q4") });
    expect(computedNumber(own, settings, state)).toBe(32.5);
    expect(computedNumber({ ...own, use_general_formula: true }, settings, state)).toBe(300);
  });
  it("Formula without a value (division by zero) has none", () => {
    expect(
      computedNumber(result(1, { type: 2, formula: f(1, "/", 0) }), settings, state),
    ).toBeNull();
  });
  it("Sum: every answered question's numeric value; skipped and value-less ones add nothing", () => {
    expect(answersSum(state)).toBe(30 + 3 + 2.5 + 100);
    expect(computedNumber(result(1, { type: 3 }), settings, state)).toBe(135.5);
    const skipped = quizState(quiz([]), { ...answers, 1: { answers: [11] } });
    expect(answersSum(skipped)).toBe(10 + 3 + 2.5);
    expect(answersSum(quizState(quiz([]), {}))).toBe(0);
  });
});

describe("output rows and rounding", () => {
  const rows = [
    { from: 0, to: 10, value: "low" },
    { from: 10, to: 20, value: "mid" },
    { from: null, to: null, value: "any" },
  ];
  it("the first row whose [from, to] holds the number", () => {
    expect(outputRowFor(rows, 0)?.value).toBe("low");
    expect(outputRowFor(rows, 10)?.value).toBe("low");
    expect(outputRowFor(rows, 10.01)?.value).toBe("mid");
    expect(outputRowFor(rows, 20)?.value).toBe("mid");
    expect(outputRowFor(rows, -1)?.value).toBe("any");
    expect(outputRowFor(rows.slice(0, 2), 21)).toBeNull();
    expect(outputRowFor(rows, null)).toBeNull();
  });
  it("a row's value replaces the number; without a matching row the number shows with its unit", () => {
    const r = result(1, { type: 3, output: rows.slice(0, 2), unit: "price" });
    expect(shownValue(r, 15)).toEqual({ computed: 15, value: "mid", unit: null });
    expect(shownValue(r, 21.456)).toEqual({ computed: 21.456, value: 21.46, unit: "price" });
    expect(shownValue(r, null)).toEqual({ computed: null, value: null, unit: null });
  });
  it.each([
    [1.005, 1.01],
    [1.004, 1],
    [2.675, 2.68],
    [-1.005, -1.01],
    [-0.001, 0],
    [10, 10],
    [1 / 3, 0.33],
    [123456.789, 123456.79],
  ])("rounds %d to %d", (input, expected) => {
    expect(roundToCents(input)).toBe(expected);
  });
});

describe("eligibility", () => {
  it("mode 0 always", () => {
    expect(isEligible(result(1, { condition_mode: 0 }), settings, state)).toBe(true);
  });
  it("mode 1 by its conditions, combined all or any", () => {
    const yes = condition(1, { answers: [11] });
    const no = condition(2, { kind: "number", number_operator: "more", number_from: 5 });
    const logic = (match: "all" | "any") =>
      result(1, { condition_mode: 1, conditions: [yes, no], config: { conditions_match: match } });
    expect(isEligible(logic("all"), settings, state)).toBe(false);
    expect(isEligible(logic("any"), settings, state)).toBe(true);
    const onSkipped = result(1, {
      condition_mode: 1,
      conditions: [condition(6, { answers: [61] })],
    });
    expect(isEligible(onSkipped, settings, state)).toBe(true);
    expect(
      isEligible(onSkipped, settings, quizState(quiz([]), { ...answers, 1: { answers: [11] } })),
    ).toBe(false);
  });
  it("mode 2: the formula's value in [range_from, range_to], ends included", () => {
    const r = (from: number | null, to: number | null) =>
      result(1, { condition_mode: 2, formula: f("q2", "*", 2), range_from: from, range_to: to });
    expect(isEligible(r(6, 6), settings, state)).toBe(true);
    expect(isEligible(r(7, 10), settings, state)).toBe(false);
    expect(isEligible(r(null, 6), settings, state)).toBe(true);
    expect(isEligible({ ...r(300, 300), use_general_formula: true }, settings, state)).toBe(true);
    const noValue = result(1, {
      condition_mode: 2,
      formula: f(1, "/", 0),
      range_from: null,
      range_to: null,
    });
    expect(isEligible(noValue, settings, state)).toBe(false);
  });
  it("mode 3: the sum in [range_from, range_to]", () => {
    const r = (from: number, to: number) =>
      result(1, { condition_mode: 3, range_from: from, range_to: to });
    expect(isEligible(r(135.5, 200), settings, state)).toBe(true);
    expect(isEligible(r(0, 135.4), settings, state)).toBe(false);
  });
});

describe("shownResults", () => {
  const a = result(1, { sort: 2, condition_mode: 0, title: "A" });
  const b = result(2, { sort: 1, condition_mode: 3, range_from: 0, range_to: 10, title: "B" });
  const c = result(3, { sort: 3, type: 3, condition_mode: 0, unit: "point", title: "C" });
  it("show_several: every eligible result in sort order", () => {
    const shown = shownResults(quiz([a, b, c]), answers);
    expect(shown.map((s) => s.result.id)).toEqual([1, 3]);
    expect(shown[1]).toMatchObject({ computed: 135.5, value: 135.5, unit: "point" });
    expect(shownResults(quiz([a, b, c]), {}).map((s) => s.result.id)).toEqual([2, 1, 3]);
  });
  it("otherwise the first eligible only", () => {
    expect(
      shownResults(quiz([a, b, c], { show_several: false }), {}).map((s) => s.result.id),
    ).toEqual([2]);
    expect(
      shownResults(quiz([c, a], { show_several: false }), answers).map((s) => s.result.id),
    ).toEqual([1]);
  });
  it("none with output_format none", () => {
    expect(shownResults(quiz([a, c], { output_format: "none" }), answers)).toEqual([]);
  });
});
