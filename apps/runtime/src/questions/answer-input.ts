import type { PublicQuestion } from "@leadquiz/contract";
import { QuestionType } from "@leadquiz/contract/codes";
import {
  type AnswerValue,
  answerValueKind,
  assertNever,
  type ChoiceAnswer,
} from "@leadquiz/engine";

/** What every answer input of a question takes. */
export interface AnswerInputProps {
  question: PublicQuestion;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue | undefined) => void;
  /** Unique id prefix of this question's elements. */
  idBase: string;
  /** The id of the question heading that names the input. */
  labelledBy: string;
}

export function isChoiceValue(value: AnswerValue | undefined): value is ChoiceAnswer {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function asChoice(value: AnswerValue | undefined): ChoiceAnswer {
  return isChoiceValue(value) ? value : { answers: [] };
}

export const SLIDER_DEFAULTS = { min: 0, max: 100, step: 1 } as const;

/**
 * The answer a question stands at: a Slider always shows a value (its minimum, or the
 * whole range when two-sided), so the value it shows is its answer until moved.
 */
export function shownAnswer(
  question: PublicQuestion,
  value: AnswerValue | undefined,
): AnswerValue | undefined {
  if (answerValueKind(question.type) !== "slider" || value !== undefined) return value;
  const min = question.config.min ?? SLIDER_DEFAULTS.min;
  const max = question.config.max ?? SLIDER_DEFAULTS.max;
  return question.config.two_sided ? [min, max] : min;
}

/**
 * The input of a question type. The visitor's side maps types with switches rather than
 * the engine's `questionTypeTraits`, which would weigh on the first load (docs/adr/0011).
 */
export type InputLayout = "list" | "cards" | "select" | "text" | "rating" | "date" | "slider";

/** The input a question of the type shows. */
export function inputLayout(type: QuestionType): InputLayout {
  switch (type) {
    case QuestionType.List:
      return "list";
    case QuestionType.Cards:
      return "cards";
    case QuestionType.Select:
      return "select";
    case QuestionType.Text:
      return "text";
    case QuestionType.Rating:
      return "rating";
    case QuestionType.Date:
      return "date";
    case QuestionType.Slider:
      return "slider";
    default:
      return assertNever(type);
  }
}

/** Questions whose input is a group of options (a fieldset with the title as legend). */
export function isGroup(question: PublicQuestion): boolean {
  const layout = inputLayout(question.type);
  switch (layout) {
    case "list":
    case "cards":
    case "rating":
      return true;
    case "select":
      return question.config.multi_answers === true;
    case "text":
    case "date":
    case "slider":
      return false;
    default:
      return assertNever(layout);
  }
}
