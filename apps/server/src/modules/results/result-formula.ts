import type { FormulaElement, FormulaError } from "@leadquiz/contract";
import { type Question, type QuestionType, validateFormula } from "@leadquiz/engine";
import { FieldErrors } from "../../lib/app-error";
import type { FormulaQuestionRow } from "./results.repository";

/** The fields of a result that decide whether its own formula is used. */
export interface FormulaUse {
  type: number;
  conditionMode: number;
  useGeneralFormula: boolean;
  formula: readonly FormulaElement[];
}

/**
 * 400 on `formula.{i}.question` for every element naming a question that is not one of
 * this quiz's (another quiz's, or none at all): a formula never points outside its quiz.
 */
export function assertFormulaQuestionsInQuiz(
  formula: readonly FormulaElement[],
  questions: readonly FormulaQuestionRow[],
  field = "formula",
): void {
  const ids = new Set(questions.map((question) => question.id));
  const errors: Record<string, string[]> = {};
  formula.forEach((element, index) => {
    if (element.kind === 3 && !ids.has(element.question)) {
      errors[`${field}.${index}.question`] = ["invalid_value"];
    }
  });
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
}

/**
 * The engine's verdict on a result's own formula, saved with it: every problem
 * (`validateFormula` against the quiz's current questions). A result that does not use its
 * own formula (type Const/Sum with condition mode other than Formula, or the general
 * formula) and has none is valid; a non-empty formula is always checked.
 */
export function formulaVerdict(
  use: FormulaUse,
  questions: readonly FormulaQuestionRow[],
): FormulaError[] {
  const needsOwnFormula = !use.useGeneralFormula && (use.type === 2 || use.conditionMode === 2);
  if (use.formula.length === 0 && !needsOwnFormula) return [];
  return validateFormula(use.formula, questions.map(engineQuestion));
}

/** Enough of a question for validateFormula (it looks at the type and config only). */
function engineQuestion(row: FormulaQuestionRow): Question {
  return {
    id: row.id,
    type: row.type as QuestionType,
    required: false,
    config: row.config,
    answers: [],
    conditions: [],
  };
}
