import { numericValue } from "../answer-value";
import type { QuizState } from "../reachable";
import type { FormulaElement } from "../types";
import { evaluateFormula } from "./evaluate";
import { parseFormula } from "./parse";

/**
 * A formula's value for the current answers: null when it is ill-formed, or refers to a
 * question that is unknown, skipped, unanswered or without a numeric value, or when the
 * evaluation has no value (division by zero, not finite).
 */
export function formulaValue(elements: readonly FormulaElement[], state: QuizState): number | null {
  const parsed = parseFormula(elements);
  if (!parsed.ok) return null;
  return evaluateFormula(parsed.ast, (id) => {
    const subject = state.subjectOf(id);
    return subject === undefined ? null : numericValue(subject.question, subject.answer);
  });
}
