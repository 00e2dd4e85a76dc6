import { describe, expect, it } from "vitest";
import { questionDeletionEffects } from "./question-deletion";
import { choice, condition, f, question, result, snapshot } from "./test-fixtures";

describe("questionDeletionEffects", () => {
  const quiz = snapshot({
    questions: [
      choice(1),
      question(7, 5, {}, { conditions: [condition(1, { answers: [11] })] }),
      choice(8, [1], {}, { conditions: [condition(7, {}), condition(7, {}), condition(1, {})] }),
    ],
    results: [
      result(20, { type: 2, formula: f("(", "q1", "+", "q7", ")", "*", 2) }),
      result(21, { formula: f("q1", "*", 3), conditions: [condition(7, {})] }),
    ],
    results_settings: { ...snapshot().results_settings, general_formula: f("q7") },
  });

  it("names each formula the question leaves, before and after", () => {
    expect(questionDeletionEffects(quiz, 7).formulas).toEqual([
      {
        result: 20,
        before: f("(", "q1", "+", "q7", ")", "*", 2),
        after: f("(", "q1", ")", "*", 2),
      },
      { result: null, before: f("q7"), after: [] },
    ]);
  });

  it("names each question and result that loses conditions, not the question's own", () => {
    expect(questionDeletionEffects(quiz, 7).conditions).toEqual([
      { owner: "question", id: 8, count: 2 },
      { owner: "result", id: 21, count: 1 },
    ]);
  });

  it("finds nothing for a question nothing refers to", () => {
    expect(questionDeletionEffects(quiz, 8)).toEqual({ formulas: [], conditions: [] });
  });
});
