import type { FormulaElement, Question } from "../types";
import type { FormulaError } from "./ast";
import { validateFormula } from "./validate";

/** A question as the formula check needs it (validateFormula reads the type and config). */
export type FormulaQuestion = Pick<Question, "id" | "type" | "config">;

/** The fields of a result that decide whether it needs its own formula. */
export interface FormulaOwner {
  type: number;
  conditionMode: number;
  useGeneralFormula: boolean;
}

/** Result type Formula and result condition mode Formula (docs/quiz-model.md). */
const FORMULA_CODE = 2;

/**
 * A formula's verdict as saved beside it: validateFormula's errors against the quiz's
 * current questions. `owner` is the result that holds the formula: an empty formula of a
 * result that does not use its own formula (neither type Formula nor condition mode
 * Formula, or using the general formula) is valid; a non-empty one is always checked.
 * Without an owner (the quiz's general formula) the formula is checked as it is.
 */
export function formulaVerdict(
  elements: readonly FormulaElement[],
  questions: readonly FormulaQuestion[],
  owner?: FormulaOwner,
): FormulaError[] {
  if (elements.length === 0 && owner !== undefined) {
    const needsOwnFormula =
      !owner.useGeneralFormula &&
      (owner.type === FORMULA_CODE || owner.conditionMode === FORMULA_CODE);
    if (!needsOwnFormula) return [];
  }
  return validateFormula(
    elements,
    questions.map(({ id, type, config }) => ({
      id,
      type,
      config,
      required: false,
      answers: [],
      conditions: [],
    })),
  );
}

/**
 * The verdict of the quiz's general formula: as formulaVerdict, except that an empty one is
 * valid — it is simply not set (a result that uses it shows no value), so a new quiz, or one
 * whose formula held only a question that was deleted, does not look broken.
 */
export function generalFormulaVerdict(
  elements: readonly FormulaElement[],
  questions: readonly FormulaQuestion[],
): FormulaError[] {
  return elements.length === 0 ? [] : formulaVerdict(elements, questions);
}
