import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { f as elements } from "../test-fixtures";
import type { FormulaElement } from "../types";
import { parseFormula } from "./parse";
import { removeQuestionFromFormula } from "./remove-question";
import { formulaVerdict } from "./verdict";

const Q = 5;

/** A formula written as text: numbers, q<id>, + - * / ^ % ( ), separated by spaces. */
function f(text: string): FormulaElement[] {
  const parts = text.split(" ").filter((token) => token !== "");
  return parts.length === 0
    ? []
    : elements(...parts.map((token) => (/^\d+$/.test(token) ? Number(token) : token)));
}

describe("removeQuestionFromFormula", () => {
  it.each([
    ["q5", ""],
    ["q5 + 2", "2"],
    ["2 + q5", "2"],
    ["2 - q5 + 3", "2 + 3"],
    ["2 - q5 * 3", "2 - 3"],
    ["2 * q5 - 3", "2 - 3"],
    ["2 ^ q5 ^ 3", "2 ^ 3"],
    ["2 * - q5", "2"],
    ["- q5 + 3", "3"],
    ["- - q5", ""],
    ["( q5 )", ""],
    ["( q5 + 2 ) * 3", "( 2 ) * 3"],
    ["2 + ( q5 ) * 3", "2 + 3"],
    ["2 * ( ( q5 ) ) + 1", "2 + 1"],
    ["q5 + q5 * q5", ""],
    ["q1 + q5 + q2", "q1 + q2"],
    ["q1 * q2", "q1 * q2"],
  ])("%s → %s", (before, after) => {
    expect(removeQuestionFromFormula(f(before), Q)).toEqual(f(after));
  });

  it("does not change the list it is given", () => {
    const formula = f("q5 + 1");
    removeQuestionFromFormula(formula, Q);
    expect(formula).toEqual(f("q5 + 1"));
  });

  it("keeps a well-formed formula well-formed (or empty)", () => {
    fc.assert(
      fc.property(wellFormed(3), (formula) => {
        expect(parseFormula(formula).ok).toBe(true);
        const cleaned = removeQuestionFromFormula(formula, Q);
        expect(cleaned.some((e) => e.kind === 3 && e.question === Q)).toBe(false);
        if (cleaned.length > 0) expect(parseFormula(cleaned)).toMatchObject({ ok: true });
      }),
      { numRuns: 500 },
    );
  });
});

describe("formulaVerdict", () => {
  const quiz = [
    { id: 1, type: 5 as const, config: {} },
    { id: 2, type: 4 as const, config: {} },
  ];

  const constResult = { type: 1, conditionMode: 0, useGeneralFormula: false };

  it("accepts an empty formula of a result that does not use its own", () => {
    expect(formulaVerdict([], quiz, constResult)).toEqual([]);
    expect(
      formulaVerdict([], quiz, { type: 2, conditionMode: 0, useGeneralFormula: true }),
    ).toEqual([]);
  });

  it("refuses an empty formula a result needs, and an empty general formula", () => {
    const empty = [{ index: 0, code: "empty" }];
    expect(formulaVerdict([], quiz, { ...constResult, type: 2 })).toEqual(empty);
    expect(formulaVerdict([], quiz, { ...constResult, conditionMode: 2 })).toEqual(empty);
    expect(formulaVerdict([], quiz)).toEqual(empty);
  });

  it("reports the engine's errors otherwise", () => {
    expect(formulaVerdict(f("q1 + 2"), quiz)).toEqual([]);
    expect(formulaVerdict(f("q1 + q2"), quiz)).toEqual([
      { index: 2, code: "question_without_numeric_value" },
    ]);
    expect(formulaVerdict(f("q1 +"), quiz)).toEqual([{ index: 1, code: "trailing_operation" }]);
  });
});

/** Random well-formed formulas over numbers, q1 and q5, with signs and brackets. */
function wellFormed(depth: number): fc.Arbitrary<FormulaElement[]> {
  const leaf = fc.oneof(
    fc.constant(f("q5")),
    fc.constant(f("q1")),
    fc.integer({ min: 0, max: 9 }).map((value) => f(String(value))),
  );
  if (depth === 0) return leaf;
  const inner = wellFormed(depth - 1);
  return fc.oneof(
    leaf,
    inner.map((operand) => [...f("-"), ...operand]),
    inner.map((operand) => [...f("("), ...operand, ...f(")")]),
    fc
      .tuple(inner, fc.constantFrom("+", "-", "*", "/", "^", "%"), inner)
      .map(([left, op, right]) => [...left, ...f(op), ...right]),
  );
}
