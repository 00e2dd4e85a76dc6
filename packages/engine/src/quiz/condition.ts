import { answerValueKind } from "../question-types";
import { answerRange, numericValue, readAnswer } from "./answer-value";
import { parseInstant } from "./instant";
import type { AnswerValue, Condition, ConditionsMatch, Question } from "./types";

/** The referenced question and the answer that counts for it (undefined when skipped). */
export interface ConditionSubject {
  question: Question;
  answer: AnswerValue | undefined;
}

function numberHolds(condition: Condition, value: number): boolean {
  const from = condition.number_from ?? null;
  const to = condition.number_to ?? null;
  switch (condition.number_operator) {
    case "in_range":
      return (from === null || from <= value) && (to === null || value <= to);
    case "more":
      return from !== null && value > from;
    case "less":
      return from !== null && value < from;
    case "equal":
      return from !== null && value === from;
    default:
      return false;
  }
}

/** A bound of a range condition as a number (dates as epoch milliseconds). */
function rangeBound(
  question: Question,
  bound: number | string | null | undefined,
  open: number,
): number | null {
  if (bound === null || bound === undefined || bound === "") return open;
  if (typeof bound === "number") return Number.isNaN(bound) ? null : bound;
  if (answerValueKind(question.type) === "date") return parseInstant(bound);
  const number = Number(bound);
  return Number.isFinite(number) ? number : null;
}

/**
 * The range operators on the answer [a, b] and the condition's [c, d], both closed.
 * Exported for property tests.
 */
export function rangeHolds(
  operator: Condition["range_operator"],
  [a, b]: readonly [number, number],
  [c, d]: readonly [number, number],
): boolean {
  switch (operator) {
    case "inside":
      return c <= a && b <= d;
    case "contains":
      return a <= c && d <= b;
    case "outside":
      return b < c || a > d;
    case "touches":
      return a <= d && c <= b;
    default:
      return false;
  }
}

/**
 * Whether one condition holds for the referenced question's answer. A missing, empty or
 * ill-fitting answer (a skipped or unanswered question) never satisfies a condition.
 */
export function conditionHolds(
  condition: Condition,
  subject: ConditionSubject | undefined,
): boolean {
  if (subject === undefined) return false;
  const { question, answer } = subject;
  switch (condition.kind) {
    case "answers": {
      const read = readAnswer(question, answer);
      if (read === null || read.empty || read.kind !== "choice") return false;
      const selected = new Set(read.answers);
      const listed = condition.answers ?? [];
      const match =
        condition.answers_operator === "and"
          ? listed.every((id) => selected.has(id))
          : listed.some((id) => selected.has(id));
      return match === (condition.answers_include ?? true);
    }
    case "number": {
      const value = numericValue(question, answer);
      return value !== null && numberHolds(condition, value);
    }
    case "range": {
      const range = answerRange(question, answer);
      if (range === null) return false;
      let c = rangeBound(question, condition.range_from, Number.NEGATIVE_INFINITY);
      let d = rangeBound(question, condition.range_to, Number.POSITIVE_INFINITY);
      if (c === null || d === null) return false;
      if (c > d) [c, d] = [d, c];
      return rangeHolds(condition.range_operator, range, [c, d]);
    }
    default:
      return false;
  }
}

/**
 * Whether a question's or result's conditions hold together: every one (`all`, the
 * default) or at least one (`any`). An empty list holds.
 */
export function conditionsHold(
  conditions: readonly Condition[],
  match: ConditionsMatch | undefined,
  subjectOf: (questionId: number) => ConditionSubject | undefined,
): boolean {
  if (conditions.length === 0) return true;
  const holds = (condition: Condition) =>
    conditionHolds(condition, subjectOf(condition.ref_question));
  return match === "any" ? conditions.some(holds) : conditions.every(holds);
}
