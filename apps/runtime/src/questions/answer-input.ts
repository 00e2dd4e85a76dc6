import type { PublicQuestion } from "@leadquiz/contract";
import { questionTypeTraits } from "@leadquiz/contract/codes";
import { type AnswerValue, assertNever, type ChoiceAnswer } from "@leadquiz/engine";

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
  if (questionTypeTraits[question.type].value !== "slider" || value !== undefined) return value;
  const min = question.config.min ?? SLIDER_DEFAULTS.min;
  const max = question.config.max ?? SLIDER_DEFAULTS.max;
  return question.config.two_sided ? [min, max] : min;
}

/** Questions whose input is a group of options (a fieldset with the title as legend). */
export function isGroup(question: PublicQuestion): boolean {
  const layout = questionTypeTraits[question.type].layout;
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
