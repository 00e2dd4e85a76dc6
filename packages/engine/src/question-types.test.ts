import { describe, expect, it } from "vitest";
import { assertNever } from "./assert-never";
import { QuestionType } from "./codes";
import { answerValueKind, questionTypes, questionTypeTraits } from "./question-types";

describe("questionTypeTraits", () => {
  it("lists every question type once, in code order, each with its own name", () => {
    expect(questionTypes).toEqual(Object.values(QuestionType));
    expect(Object.keys(questionTypeTraits).map(Number)).toEqual([...questionTypes]);
    const keys = questionTypes.map((type) => questionTypeTraits[type].key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("gives answer rows to exactly the types whose answer is a choice of them", () => {
    for (const type of questionTypes) {
      expect(questionTypeTraits[type].hasAnswers, `type ${type}`).toBe(
        answerValueKind(type) === "choice",
      );
    }
    expect(questionTypes.filter((type) => questionTypeTraits[type].hasAnswers)).toEqual([
      QuestionType.List,
      QuestionType.Cards,
      QuestionType.Select,
    ]);
  });

  it("offers answer images on List and Cards only", () => {
    expect(questionTypes.filter((type) => questionTypeTraits[type].answerImages)).toEqual([
      QuestionType.List,
      QuestionType.Cards,
    ]);
  });
});

describe("assertNever", () => {
  it("throws for a value a switch did not expect", () => {
    expect(() => assertNever(99 as never)).toThrow("unexpected 99");
    expect(() => answerValueKind(99 as QuestionType)).toThrow("unexpected 99");
  });
});
