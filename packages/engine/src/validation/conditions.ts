import { answerValueKind, questionTypeTraits } from "../question-types";
import { hasNumericValue, hasRangeValue } from "../quiz/answer-value";
import { parseInstant } from "../quiz/instant";
import { bySort } from "../quiz/sort";
import type { Condition, ConditionKind, Question } from "../quiz/types";
import type { ValidationMessageKey } from "./messages";

/**
 * The condition rules of docs/product.md "Validation rules" and docs/api.md "Quiz content"
 * (question and result conditions), shared by the server and the editor. Each check answers message
 * keys by field; an empty object means the condition is acceptable.
 */

/** What the rules need to know of a question of the quiz. */
export type ConditionRuleQuestion = Pick<Question, "id" | "type" | "config"> & {
  sort?: number | null | undefined;
  answers: readonly { id: number }[];
};

/** The condition fields the rules look at (defaults as the engine reads them). */
export type ConditionRuleInput = Pick<
  Condition,
  | "kind"
  | "ref_question"
  | "answers"
  | "answers_include"
  | "answers_operator"
  | "number_operator"
  | "number_from"
  | "number_to"
  | "range_operator"
  | "range_from"
  | "range_to"
>;

export type ConditionErrorField =
  | "question"
  | "ref_question"
  | "kind"
  | "answers"
  | "range_from"
  | "range_to"
  | "non_field_errors";

export type ConditionErrors = Partial<Record<ConditionErrorField, ValidationMessageKey>>;

/**
 * The condition kinds a referenced question supports, as the engine evaluates them:
 * `answers` on choice questions (1 List, 2 Cards, 3 Select); `number` on questions with a
 * numeric value (choice questions through their points, 5 Rating, a one-value 7 Slider);
 * `range` on 6 Date (a single date counts as [d, d]) and 7 Slider (either form).
 */
export function supportedConditionKinds(
  question: Pick<Question, "type" | "config">,
): ConditionKind[] {
  const kinds: ConditionKind[] = [];
  if (questionTypeTraits[question.type].hasAnswers) kinds.push("answers");
  if (hasNumericValue(question)) kinds.push("number");
  if (hasRangeValue(question)) kinds.push("range");
  return kinds;
}

export function conditionKindSupported(
  kind: ConditionKind,
  question: Pick<Question, "type" | "config">,
): boolean {
  return supportedConditionKinds(question).includes(kind);
}

/**
 * Whether two conditions say the same thing: same referenced question and kind, and the
 * same operator and values of that kind (the fields of other kinds do not count; the
 * order of `answers` does not either).
 */
export function sameCondition(a: ConditionRuleInput, b: ConditionRuleInput): boolean {
  return conditionIdentity(a) === conditionIdentity(b);
}

/**
 * The checks that hold for question and result conditions alike: the referenced question
 * exists in the quiz, supports the kind, the listed answers are its own, and range bounds
 * have the referenced question's form (numbers for a Slider, dates for a Date question).
 * `others` are the owner's other conditions (without the one being checked).
 */
export function validateConditionReference(
  condition: ConditionRuleInput,
  questions: readonly ConditionRuleQuestion[],
  others: readonly ConditionRuleInput[],
): ConditionErrors {
  const ref = questions.find((question) => question.id === condition.ref_question);
  if (ref === undefined) return { ref_question: "invalid_value" };
  const errors: ConditionErrors = {};
  if (!conditionKindSupported(condition.kind, ref)) {
    errors.kind = "condition_kind_not_supported";
  } else if (condition.kind === "answers") {
    const own = new Set(ref.answers.map((answer) => answer.id));
    if ((condition.answers ?? []).some((id) => !own.has(id))) {
      errors.answers = "condition_answers_not_of_ref";
    }
  } else if (condition.kind === "range") {
    for (const field of ["range_from", "range_to"] as const) {
      if (!boundFits(ref, condition[field])) errors[field] = "invalid_value";
    }
  }
  if (Object.keys(errors).length === 0 && others.some((other) => sameCondition(other, condition))) {
    errors.non_field_errors = "condition_duplicate";
  }
  return errors;
}

/**
 * Every rule of a question condition: the question is not the first one of the quiz (by
 * sort), the referenced question comes before it, and validateConditionReference.
 */
export function validateQuestionCondition(
  questionId: number,
  condition: ConditionRuleInput,
  questions: readonly ConditionRuleQuestion[],
  others: readonly ConditionRuleInput[],
): ConditionErrors {
  const ordered = bySort(questions);
  const position = ordered.findIndex((question) => question.id === questionId);
  if (ordered[0]?.id === questionId) return { question: "condition_on_first_question" };
  const refPosition = ordered.findIndex((question) => question.id === condition.ref_question);
  if (refPosition !== -1 && (position === -1 || refPosition >= position)) {
    return { ref_question: "condition_ref_not_before" };
  }
  return validateConditionReference(condition, questions, others);
}

/**
 * Whether a question condition can hold at all in this order of questions: its referenced
 * question comes before the question. Conditions that do not are dropped on a reorder.
 */
export function refComesBefore(
  questionId: number,
  refQuestionId: number,
  questions: readonly ConditionRuleQuestion[],
): boolean {
  const ordered = bySort(questions);
  const position = ordered.findIndex((question) => question.id === questionId);
  const refPosition = ordered.findIndex((question) => question.id === refQuestionId);
  return refPosition !== -1 && position !== -1 && refPosition < position;
}

function boundFits(
  ref: Pick<Question, "type">,
  bound: number | string | null | undefined,
): boolean {
  if (bound === null || bound === undefined) return true;
  if (answerValueKind(ref.type) === "date")
    return typeof bound === "string" && parseInstant(bound) !== null;
  return typeof bound === "number" && Number.isFinite(bound);
}

function conditionIdentity(condition: ConditionRuleInput): string {
  const common = [condition.ref_question, condition.kind];
  switch (condition.kind) {
    case "answers":
      return JSON.stringify([
        ...common,
        [...new Set(condition.answers ?? [])].sort((a, b) => a - b),
        condition.answers_include ?? true,
        condition.answers_operator ?? "or",
      ]);
    case "number": {
      const operator = condition.number_operator ?? "in_range";
      const to = operator === "in_range" ? (condition.number_to ?? null) : null;
      return JSON.stringify([...common, operator, condition.number_from ?? null, to]);
    }
    case "range":
      return JSON.stringify([
        ...common,
        condition.range_operator ?? "inside",
        condition.range_from ?? null,
        condition.range_to ?? null,
      ]);
    default:
      return JSON.stringify(common);
  }
}
