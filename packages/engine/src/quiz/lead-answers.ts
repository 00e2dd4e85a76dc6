import { assertNever } from "../assert-never";
import { answerValueKind } from "../question-types";
import { type AnswerProblem, answerProblem, readAnswer } from "./answer-value";
import { bySort } from "./sort";
import type { AnswerValue, Question } from "./types";

/**
 * Answers as the lead call carries them (the contract's `leadAnswerSchema`) and back: the
 * inverse of the runtime's `toLeadAnswer` (apps/runtime/src/submission.ts), and the text an
 * owner reads for an answer. Choice questions (List, Cards, Select) carry `answers` and an own-answer `text`;
 * Text `text`; Rating, Date and Slider `value`.
 */

/** One submitted answer (structurally the contract's `LeadAnswer`). */
export interface LeadAnswerInput {
  question: number;
  answers?: readonly number[] | undefined;
  value?: number | string | readonly [number, number] | readonly [string, string] | undefined;
  text?: string | undefined;
}

/**
 * The engine's value of a submitted answer for its question, or "wrong_shape" when the
 * answer carries keys its question type does not take (a `value` for a choice, `answers`
 * for a rating …). Whether the value fits the question is `answerProblem`'s business.
 */
export function fromLeadAnswer(
  question: Question,
  answer: LeadAnswerInput,
): AnswerValue | "wrong_shape" {
  const kind = answerValueKind(question.type);
  switch (kind) {
    case "choice":
      if (answer.value !== undefined) return "wrong_shape";
      return {
        answers: [...(answer.answers ?? [])],
        ...(answer.text === undefined ? {} : { own_text: answer.text }),
      };
    case "text":
      if (answer.answers !== undefined || answer.value !== undefined) return "wrong_shape";
      return answer.text ?? "wrong_shape";
    case "rating":
    case "date":
    case "slider":
      if (answer.answers !== undefined || answer.text !== undefined) return "wrong_shape";
      return answer.value ?? "wrong_shape";
    default:
      return assertNever(kind);
  }
}

/** Why a submitted answer does not fit its question (its keys, then its value); null when it fits. */
export function leadAnswerProblem(
  question: Question,
  answer: LeadAnswerInput,
): AnswerProblem | null {
  const value = fromLeadAnswer(question, answer);
  if (value === "wrong_shape") return "wrong_shape";
  return answerProblem(question, value);
}

export interface AnswerTextOptions {
  /** The short text of a Slider's unit code ("price" → the currency symbol); none when absent. */
  unitLabel?: (unit: string) => string;
}

const DEFAULT_RATING_SCALE = 5;
const RANGE_SEPARATOR = " – ";

/**
 * An answer as the owner reads it: the selected answers' texts in the question's order with
 * the own-answer text last, joined by ", "; the typed text; a rating as "4/5"; a date or
 * date-time as given (a range "from – to"); a Slider's number with its unit. "" for a
 * missing, empty or ill-fitting answer.
 */
export function answerText(
  question: Question,
  value: AnswerValue | undefined,
  options: AnswerTextOptions = {},
): string {
  const answer = readAnswer(question, value);
  if (answer === null || answer.empty || value === undefined) return "";
  switch (answer.kind) {
    case "choice": {
      const selected = new Set(answer.answers);
      const texts = bySort(question.answers)
        .filter((option) => selected.has(option.id))
        .map((option) => option.text);
      if (answer.own_text !== "") texts.push(answer.own_text);
      return texts.join(", ");
    }
    case "text":
      return answer.text.trim();
    case "rating":
      return `${answer.value}/${question.config.quantity_of_answers ?? DEFAULT_RATING_SCALE}`;
    case "date":
      return Array.isArray(value) ? value.map(String).join(RANGE_SEPARATOR) : String(value);
    case "slider": {
      const unit = question.config.unit ? (options.unitLabel?.(question.config.unit) ?? "") : "";
      const numbers = answer.range
        ? `${answer.from}${RANGE_SEPARATOR}${answer.to}`
        : `${answer.from}`;
      return unit === "" ? numbers : `${numbers} ${unit}`;
    }
    default:
      return assertNever(answer);
  }
}
