import { describe, expect, it } from "vitest";
import { f } from "../test-fixtures";
import type { FormulaElement } from "../types";
import type { FormulaErrorCode } from "./ast";
import { evaluateFormula } from "./evaluate";
import { parseFormula } from "./parse";

const questionValues: Record<number, number | null> = { 1: 10, 2: 4, 3: null };

function value(...parts: ReadonlyArray<number | string>): number | null {
  const parsed = parseFormula(f(...parts));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return evaluateFormula(parsed.ast, (id) => questionValues[id] ?? null);
}

function errors(elements: FormulaElement[]): Array<[number, FormulaErrorCode]> {
  const parsed = parseFormula(elements);
  return parsed.ok ? [] : parsed.errors.map((e) => [e.index, e.code]);
}

describe("formula precedence", () => {
  it.each([
    [[2, "+", 3, "*", 4], 14],
    [[2, "*", 3, "+", 4], 10],
    [["(", 2, "+", 3, ")", "*", 4], 20],
    [[2, "*", "(", 3, "+", 4, ")"], 14],
    [[10, "-", 3, "-", 2], 5],
    [[10, "-", "(", 3, "-", 2, ")"], 9],
    [[24, "/", 4, "/", 2], 3],
    [[24, "/", "(", 4, "/", 2, ")"], 12],
    [[2, "^", 3, "^", 2], 512],
    [["(", 2, "^", 3, ")", "^", 2], 64],
    [[2, "*", 3, "^", 2], 18],
    [[2, "^", 3, "*", 2], 16],
    [[17, "%", 5, "*", 2], 4],
    [[2, "*", 17, "%", 5], 4],
    [[1, "+", 17, "%", 5], 3],
    [[-7, "%", 3], -1],
    [[7, "%", -3], 1],
    [["(", "(", 1, "+", 2, ")", ")", "*", 3], 9],
    [[1.5, "*", 2], 3],
  ])("%j = %d", (parts, expected) => {
    expect(value(...parts)).toBe(expected);
  });
});

describe("minus sign", () => {
  it.each([
    [["-", 3], -3],
    [["-", 3, "+", 5], 2],
    [[2, "*", "-", 3], -6],
    [[2, "-", "-", 3], 5],
    [["(", "-", 3, ")", "*", 2], -6],
    [["-", "(", 1, "+", 2, ")"], -3],
    [["-", "-", 3], 3],
    [["-", 2, "^", 2], -4],
    [["(", "-", 2, ")", "^", 2], 4],
    [[2, "^", "-", 1], 0.5],
    [[2, "^", "-", 1, "^", 2], 0.5],
    [["(", 1, ")", "-", 1], 0],
    [["q1", "-", "q2"], 6],
    [["-", "q1", "/", "q2"], -2.5],
  ])("%j = %d", (parts, expected) => {
    expect(value(...parts)).toBe(expected);
  });
});

describe("no value", () => {
  it.each([
    [[1, "/", 0]],
    [[1, "/", "(", 2, "-", 2, ")"]],
    [[5, "%", 0]],
    [[0, "^", "-", 1]],
    [["(", "-", 8, ")", "^", 0.5]],
    [[10, "^", 400]],
    [[10, "^", 400, "-", 10, "^", 400]],
    [["q3", "+", 1]],
    [["q9", "*", 0]],
  ])("%j", (parts) => {
    expect(value(...parts)).toBeNull();
  });

  it("a zero numerator is fine", () => {
    expect(value(0, "/", 5)).toBe(0);
  });
});

describe("formula errors with positions", () => {
  it.each([
    ["empty", [], [[0, "empty"]]],
    ["two numbers", [1, 2], [[1, "two_operands_in_a_row"]]],
    ["number then question", [1, "q1"], [[1, "two_operands_in_a_row"]]],
    ["number then bracket", [2, "(", 3, ")"], [[1, "two_operands_in_a_row"]]],
    ["brackets side by side", ["(", 1, ")", "(", 2, ")"], [[3, "two_operands_in_a_row"]]],
    ["bracket then number", ["(", 1, ")", 2], [[3, "two_operands_in_a_row"]]],
    ["trailing operation", [1, "+"], [[1, "trailing_operation"]]],
    ["lone minus", ["-"], [[0, "trailing_operation"]]],
    ["leading operation", ["*", 2], [[0, "leading_operation"]]],
    ["operation after bracket", ["(", "/", 2, ")"], [[1, "leading_operation"]]],
    ["two operations", [1, "+", "*", 2], [[2, "two_operations_in_a_row"]]],
    ["minus then operation", [1, "-", "-", "*", 2], [[3, "two_operations_in_a_row"]]],
    ["unclosed bracket", ["(", 1, "+", 2], [[0, "unbalanced_brackets"]]],
    ["stray closing bracket", [1, ")", "+", 2], [[1, "unbalanced_brackets"]]],
    [
      "closing first",
      [")", 1, "("],
      [
        [0, "unbalanced_brackets"],
        [1, "two_operands_in_a_row"],
        [2, "two_operands_in_a_row"],
        [2, "unbalanced_brackets"],
      ],
    ],
    ["empty brackets", [1, "+", "(", ")"], [[3, "empty_brackets"]]],
    ["operation before closing", ["(", 1, "+", ")"], [[3, "missing_operand"]]],
    [
      "several",
      ["*", 1, 2, "+"],
      [
        [0, "leading_operation"],
        [2, "two_operands_in_a_row"],
        [3, "trailing_operation"],
      ],
    ],
  ] as const)("%s", (_name, parts, expected) => {
    expect(errors(f(...parts))).toEqual(expected);
  });

  it("unknown elements, operations and numbers that are not finite", () => {
    const bad = [
      { kind: 1, value: 1 },
      { kind: 2, op: 9 },
      { kind: 1, value: Number.POSITIVE_INFINITY },
      { kind: 4 },
    ] as unknown as FormulaElement[];
    expect(errors(bad)).toEqual([
      [1, "unknown_operation"],
      [2, "invalid_number"],
      [3, "unknown_element"],
    ]);
  });

  it("a well-formed list has no errors and a tree with element positions", () => {
    const parsed = parseFormula(f(1, "+", 2, "*", "q7"));
    expect(parsed).toEqual({
      ok: true,
      ast: {
        type: "binary",
        op: 1,
        index: 1,
        left: { type: "number", value: 1, index: 0 },
        right: {
          type: "binary",
          op: 3,
          index: 3,
          left: { type: "number", value: 2, index: 2 },
          right: { type: "question", question: 7, index: 4 },
        },
      },
    });
  });
});
