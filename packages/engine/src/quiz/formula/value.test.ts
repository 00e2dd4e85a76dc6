import { describe, expect, it } from "vitest";
import { quizState } from "../reachable";
import { choice, condition, f, question, snapshot } from "../test-fixtures";
import { formulaValue } from "./value";

const quiz = snapshot({
  questions: [
    choice(1, [10, 20]),
    question(2, 5),
    choice(3, [5, 7], {}, { conditions: [condition(1, { answers: [12] })] }),
    question(4, 7, { two_sided: true }),
  ],
});

describe("formulaValue", () => {
  const answers = { 1: { answers: [11] }, 2: 4, 3: { answers: [31] }, 4: [1, 2] as const };
  it("uses the numeric values of reachable answered questions", () => {
    expect(formulaValue(f("q1", "*", "q2"), quizState(quiz, answers))).toBe(40);
  });
  it("a skipped question has no value, even with a stale answer", () => {
    expect(formulaValue(f("q3", "+", 1), quizState(quiz, answers))).toBeNull();
    expect(
      formulaValue(f("q3", "+", 1), quizState(quiz, { ...answers, 1: { answers: [12] } })),
    ).toBe(6);
  });
  it("an unanswered question, one without numeric value, or an ill-formed list give none", () => {
    expect(formulaValue(f("q2", "+", 1), quizState(quiz, { 1: { answers: [11] } }))).toBeNull();
    expect(formulaValue(f("q4", "+", 1), quizState(quiz, answers))).toBeNull();
    expect(formulaValue(f("q1", "+"), quizState(quiz, answers))).toBeNull();
  });
});
