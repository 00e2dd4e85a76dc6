import { assertNever } from "../assert-never";
import { answerValueKind } from "../question-types";
import { parseInstant } from "./instant";
import type { AnswerValue, ChoiceAnswer, Pair, Question } from "./types";

/** Why an answer does not fit its question. */
export type AnswerProblem =
  | "wrong_shape"
  | "unknown_answer"
  | "several_answers"
  | "own_text_not_allowed"
  | "out_of_range"
  | "invalid_date"
  | "reversed_range";

/** An answer read against its question; dates are epoch milliseconds. */
export type ReadAnswer =
  | { kind: "choice"; answers: readonly number[]; own_text: string; empty: boolean }
  | { kind: "text"; text: string; empty: boolean }
  | { kind: "empty"; empty: true }
  | { kind: "rating"; value: number; empty: false }
  | { kind: "date"; range: boolean; from: number; to: number; empty: false }
  | { kind: "slider"; range: boolean; from: number; to: number; empty: false };

type Read = ReadAnswer | AnswerProblem;

const DEFAULT_RATING_SCALE = 5;

function isChoice(value: AnswerValue): value is ChoiceAnswer {
  return typeof value === "object" && !Array.isArray(value) && value !== null;
}

function isPair(value: AnswerValue): value is Pair<string> | Pair<number> {
  return Array.isArray(value) && value.length === 2;
}

function readChoice(question: Question, value: AnswerValue): Read {
  if (!isChoice(value) || !Array.isArray(value.answers)) return "wrong_shape";
  const ids = [...new Set(value.answers)];
  const known = new Set(question.answers.map((answer) => answer.id));
  if (ids.some((id) => !known.has(id))) return "unknown_answer";
  const ownText = typeof value.own_text === "string" ? value.own_text.trim() : "";
  if (ownText !== "" && !question.config.own_answer) return "own_text_not_allowed";
  const picked = ids.length + (ownText === "" ? 0 : 1);
  if (picked > 1 && !question.config.multi_answers) return "several_answers";
  return { kind: "choice", answers: ids, own_text: ownText, empty: picked === 0 };
}

function readDate(question: Question, value: AnswerValue): Read {
  if (question.config.date_range) {
    if (!isPair(value)) return "wrong_shape";
    const [first, second] = value;
    if (typeof first !== "string" || typeof second !== "string") return "wrong_shape";
    const from = parseInstant(first);
    const to = parseInstant(second);
    if (from === null || to === null) return "invalid_date";
    if (from > to) return "reversed_range";
    return { kind: "date", range: true, from, to, empty: false };
  }
  if (typeof value !== "string") return "wrong_shape";
  const instant = parseInstant(value);
  if (instant === null) return "invalid_date";
  return { kind: "date", range: false, from: instant, to: instant, empty: false };
}

function inSliderBounds(question: Question, value: number): boolean {
  const { min, max } = question.config;
  return (min === undefined || value >= min) && (max === undefined || value <= max);
}

function readSlider(question: Question, value: AnswerValue): Read {
  if (question.config.two_sided) {
    if (!isPair(value)) return "wrong_shape";
    const [from, to] = value;
    if (typeof from !== "number" || typeof to !== "number") return "wrong_shape";
    if (!Number.isFinite(from) || !Number.isFinite(to)) return "wrong_shape";
    if (!inSliderBounds(question, from) || !inSliderBounds(question, to)) return "out_of_range";
    if (from > to) return "reversed_range";
    return { kind: "slider", range: true, from, to, empty: false };
  }
  if (typeof value !== "number" || !Number.isFinite(value)) return "wrong_shape";
  if (!inSliderBounds(question, value)) return "out_of_range";
  return { kind: "slider", range: false, from: value, to: value, empty: false };
}

function read(question: Question, value: AnswerValue): Read {
  const kind = answerValueKind(question.type);
  switch (kind) {
    case "choice":
      return readChoice(question, value);
    case "text":
      if (typeof value !== "string") return "wrong_shape";
      return { kind: "text", text: value, empty: value.trim() === "" };
    case "rating": {
      if (typeof value !== "number" || !Number.isInteger(value)) return "wrong_shape";
      const scale = question.config.quantity_of_answers ?? DEFAULT_RATING_SCALE;
      if (value < 1 || value > scale) return "out_of_range";
      return { kind: "rating", value, empty: false };
    }
    case "date":
      if (value === "") return { kind: "empty", empty: true };
      return readDate(question, value);
    case "slider":
      return readSlider(question, value);
    default:
      return assertNever(kind);
  }
}

/** The answer read against its question, or null when it is missing or does not fit. */
export function readAnswer(question: Question, value: AnswerValue | undefined): ReadAnswer | null {
  if (value === undefined) return null;
  const result = read(question, value);
  return typeof result === "string" ? null : result;
}

/** Why a given answer does not fit its question; null when it fits or is missing. */
export function answerProblem(
  question: Question,
  value: AnswerValue | undefined,
): AnswerProblem | null {
  if (value === undefined) return null;
  const result = read(question, value);
  return typeof result === "string" ? result : null;
}

/** Whether the value is a well-formed, non-empty answer to the question. */
export function isAnswered(question: Question, value: AnswerValue | undefined): boolean {
  const answer = readAnswer(question, value);
  return answer !== null && !answer.empty;
}

/** Whether answers to the question have a numeric value (choice, Rating, one-value Slider). */
export function hasNumericValue(
  question: Pick<Question, "type"> & { config: Pick<Question["config"], "two_sided"> },
): boolean {
  const kind = answerValueKind(question.type);
  switch (kind) {
    case "choice":
    case "rating":
      return true;
    case "slider":
      return !question.config.two_sided;
    case "text":
    case "date":
      return false;
    default:
      return assertNever(kind);
  }
}

/** Whether answers to the question are an interval for range conditions (Date, Slider). */
export function hasRangeValue(question: Pick<Question, "type">): boolean {
  const kind = answerValueKind(question.type);
  switch (kind) {
    case "date":
    case "slider":
      return true;
    case "choice":
    case "text":
    case "rating":
      return false;
    default:
      return assertNever(kind);
  }
}

/**
 * The numeric value of an answer: the sum of the selected answers' points for choice
 * questions (an own-answer text adds nothing), the rating, the one-value slider's number;
 * null for Text, Date, a two-sided Slider, and a missing, empty or ill-fitting answer.
 */
export function numericValue(question: Question, value: AnswerValue | undefined): number | null {
  const answer = readAnswer(question, value);
  if (answer === null || answer.empty) return null;
  switch (answer.kind) {
    case "choice": {
      const selected = new Set(answer.answers);
      return question.answers.reduce(
        (sum, option) => (selected.has(option.id) ? sum + (option.points ?? 0) : sum),
        0,
      );
    }
    case "rating":
      return answer.value;
    case "slider":
      return answer.range ? null : answer.from;
    case "text":
    case "date":
      return null;
    default:
      return assertNever(answer);
  }
}

/**
 * The answer as a closed interval for range conditions: a two-sided Slider or a date range,
 * and a single date or one-value Slider as [v, v]. Dates are epoch milliseconds.
 */
export function answerRange(
  question: Question,
  value: AnswerValue | undefined,
): readonly [number, number] | null {
  const answer = readAnswer(question, value);
  if (answer === null || answer.empty) return null;
  switch (answer.kind) {
    case "date":
    case "slider":
      return [answer.from, answer.to];
    case "choice":
    case "text":
    case "rating":
      return null;
    default:
      return assertNever(answer);
  }
}
