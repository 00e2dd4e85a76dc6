import { describe, expect, it } from "vitest";
import type { QuestionType } from "../codes";
import {
  type ConditionRuleInput,
  type ConditionRuleQuestion,
  conditionKindSupported,
  refComesBefore,
  sameCondition,
  supportedConditionKinds,
  validateConditionReference,
  validateQuestionCondition,
} from "./conditions";

function question(
  id: number,
  sort: number,
  type: QuestionType,
  config: ConditionRuleQuestion["config"] = {},
  answers: number[] = [],
): ConditionRuleQuestion {
  return { id, sort, type, config, answers: answers.map((answerId) => ({ id: answerId })) };
}

const list = question(1, 1, 1, {}, [11, 12]);
const rating = question(2, 2, 5);
const slider = question(3, 3, 7);
const twoSided = question(4, 4, 7, { two_sided: true });
const date = question(5, 5, 6, { date_range: true });
const text = question(6, 6, 4);
const last = question(7, 7, 2, {}, [71]);
const quiz = [last, text, date, twoSided, slider, rating, list];

const onAnswers: ConditionRuleInput = { kind: "answers", ref_question: 1, answers: [11] };

describe("supportedConditionKinds", () => {
  it.each([
    [question(1, 1, 1), ["answers", "number"]],
    [question(1, 1, 2), ["answers", "number"]],
    [question(1, 1, 3), ["answers", "number"]],
    [question(1, 1, 4), []],
    [question(1, 1, 5), ["number"]],
    [question(1, 1, 6), ["range"]],
    [question(1, 1, 6, { date_range: true }), ["range"]],
    [question(1, 1, 7), ["number", "range"]],
    [question(1, 1, 7, { two_sided: true }), ["range"]],
  ] as const)("type %#", (subject, kinds) => {
    expect(supportedConditionKinds(subject)).toEqual(kinds);
  });

  it("refuses answers conditions on a Rating question", () => {
    expect(conditionKindSupported("answers", rating)).toBe(false);
  });
});

describe("sameCondition", () => {
  it("ignores the order of answers and the fields of other kinds", () => {
    expect(
      sameCondition(
        { ...onAnswers, answers: [12, 11], number_from: 3 },
        { ...onAnswers, answers: [11, 12], range_operator: "outside" },
      ),
    ).toBe(true);
  });

  it("takes the missing operators as their defaults", () => {
    expect(
      sameCondition(onAnswers, { ...onAnswers, answers_operator: "or", answers_include: true }),
    ).toBe(true);
    expect(sameCondition(onAnswers, { ...onAnswers, answers_include: false })).toBe(false);
  });

  it("ignores number_to unless the operator is in_range", () => {
    const more: ConditionRuleInput = {
      kind: "number",
      ref_question: 2,
      number_operator: "more",
      number_from: 3,
      number_to: 4,
    };
    expect(sameCondition(more, { ...more, number_to: null })).toBe(true);
    expect(sameCondition({ ...more, number_operator: "in_range" }, { ...more, number_to: 5 })).toBe(
      false,
    );
  });

  it("tells apart other references, kinds, operators and bounds", () => {
    const range: ConditionRuleInput = {
      kind: "range",
      ref_question: 4,
      range_from: 1,
      range_to: 5,
    };
    expect(sameCondition(range, { ...range, ref_question: 3 })).toBe(false);
    expect(sameCondition(range, { ...range, range_operator: "touches" })).toBe(false);
    expect(sameCondition(range, { ...range, range_to: 6 })).toBe(false);
    expect(sameCondition(range, { ...range, kind: "number" })).toBe(false);
  });
});

describe("validateQuestionCondition", () => {
  it("accepts a condition on an earlier question", () => {
    expect(validateQuestionCondition(7, onAnswers, quiz, [])).toEqual({});
    expect(
      validateQuestionCondition(
        7,
        { kind: "range", ref_question: 5, range_from: "2024-01-01", range_to: "2024-02-01" },
        quiz,
        [],
      ),
    ).toEqual({});
  });

  it("refuses any condition on the first question by sort", () => {
    expect(validateQuestionCondition(1, onAnswers, quiz, [])).toEqual({
      question: "condition_on_first_question",
    });
  });

  it("refuses a reference to the question itself or a later one", () => {
    const onRating: ConditionRuleInput = { kind: "number", ref_question: 2, number_from: 1 };
    expect(validateQuestionCondition(2, onRating, quiz, [])).toEqual({
      ref_question: "condition_ref_not_before",
    });
    expect(validateQuestionCondition(3, { ...onRating, ref_question: 7 }, quiz, [])).toEqual({
      ref_question: "condition_ref_not_before",
    });
  });

  it("orders by sort, then id", () => {
    const tied = [question(9, 1, 1, {}, [91]), question(8, 1, 1, {}, [81])];
    const onNine: ConditionRuleInput = { kind: "answers", ref_question: 9, answers: [91] };
    expect(validateQuestionCondition(9, onNine, tied, [])).toEqual({
      ref_question: "condition_ref_not_before",
    });
    expect(validateQuestionCondition(8, onNine, tied, [])).toEqual({
      question: "condition_on_first_question",
    });
  });

  it("refuses a kind the referenced type does not support", () => {
    const cases: ConditionRuleInput[] = [
      { kind: "answers", ref_question: 2, answers: [1] },
      { kind: "number", ref_question: 4, number_from: 1 },
      { kind: "range", ref_question: 1, range_from: 1, range_to: 2 },
      { kind: "number", ref_question: 6, number_from: 1 },
    ];
    for (const condition of cases) {
      expect(validateQuestionCondition(7, condition, quiz, [])).toEqual({
        kind: "condition_kind_not_supported",
      });
    }
  });

  it("refuses answers of another question", () => {
    expect(validateQuestionCondition(7, { ...onAnswers, answers: [11, 71] }, quiz, [])).toEqual({
      answers: "condition_answers_not_of_ref",
    });
  });

  it("refuses range bounds of the wrong form", () => {
    expect(
      validateQuestionCondition(
        7,
        { kind: "range", ref_question: 5, range_from: 3, range_to: "2024-01-01" },
        quiz,
        [],
      ),
    ).toEqual({ range_from: "invalid_value" });
    expect(
      validateQuestionCondition(
        7,
        { kind: "range", ref_question: 4, range_from: 1, range_to: "2024-01-01" },
        quiz,
        [],
      ),
    ).toEqual({ range_to: "invalid_value" });
  });

  it("refuses a reference outside the quiz", () => {
    expect(validateQuestionCondition(7, { ...onAnswers, ref_question: 99 }, quiz, [])).toEqual({
      ref_question: "invalid_value",
    });
  });

  it("refuses a duplicate of another condition of the question", () => {
    const other = { ...onAnswers, answers_operator: "or" as const };
    expect(validateQuestionCondition(7, onAnswers, quiz, [other])).toEqual({
      non_field_errors: "condition_duplicate",
    });
    expect(
      validateQuestionCondition(7, onAnswers, quiz, [{ ...other, answers_include: false }]),
    ).toEqual({});
  });
});

describe("validateConditionReference", () => {
  it("has no ordering rule (result conditions may refer to any question)", () => {
    expect(
      validateConditionReference({ kind: "answers", ref_question: 7, answers: [71] }, quiz, []),
    ).toEqual({});
  });
});

describe("refComesBefore", () => {
  it("holds only for an earlier question of the list", () => {
    expect(refComesBefore(7, 1, quiz)).toBe(true);
    expect(refComesBefore(1, 7, quiz)).toBe(false);
    expect(refComesBefore(1, 1, quiz)).toBe(false);
    expect(refComesBefore(7, 99, quiz)).toBe(false);
  });
});
