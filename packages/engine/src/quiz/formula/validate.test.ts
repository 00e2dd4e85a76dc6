import { describe, expect, it } from "vitest";
import { choice, f, question } from "../test-fixtures";
import { validateFormula } from "./validate";

const questions = [
  choice(1),
  question(2, 4),
  question(3, 5),
  question(4, 6),
  question(5, 7),
  question(6, 7, { two_sided: true }),
  question(7, 6, { date_range: true }),
];

describe("validateFormula", () => {
  it("accepts questions with numeric values", () => {
    expect(validateFormula(f("q1", "+", "q3", "*", "q5"), questions)).toEqual([]);
  });

  it.each([
    ["text", "q2"],
    ["date", "q4"],
    ["two-sided slider", "q6"],
    ["date range", "q7"],
  ])("rejects a %s question", (_name, ref) => {
    expect(validateFormula(f(1, "+", ref), questions)).toEqual([
      { index: 2, code: "question_without_numeric_value" },
    ]);
  });

  it("rejects a question not in the quiz", () => {
    expect(validateFormula(f("q99"), questions)).toEqual([{ index: 0, code: "unknown_question" }]);
  });

  it("reports structure and question problems together, by position", () => {
    expect(validateFormula(f("q2", "q99", "+"), questions)).toEqual([
      { index: 0, code: "question_without_numeric_value" },
      { index: 1, code: "two_operands_in_a_row" },
      { index: 1, code: "unknown_question" },
      { index: 2, code: "trailing_operation" },
    ]);
  });

  it("an empty formula is invalid", () => {
    expect(validateFormula([], questions)).toEqual([{ index: 0, code: "empty" }]);
  });
});
