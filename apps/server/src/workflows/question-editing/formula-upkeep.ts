import type { FormulaElement } from "@leadquiz/contract";
import { formulaVerdict, generalFormulaVerdict, removeQuestionFromFormula } from "@leadquiz/engine";
import type { DbOrTx } from "../../db/client";
import { formulaQuestions } from "../../modules/results";
import {
  findGeneralFormula,
  listResultFormulas,
  saveGeneralFormula,
  saveResultFormula,
} from "./formula-upkeep.repository";

/**
 * Formula elements that reference a question live in jsonb (results.formula and
 * quizzes.results_settings.general_formula): when the question goes, its elements go too,
 * in the same transaction, and the formulas are checked again by the engine.
 */

/**
 * Removes the question's elements from every formula of the quiz (each result's formula
 * and the general formula) and saves the formulas with the engine's new verdict. Call it
 * after the question row is deleted, in the same transaction.
 */
export async function removeQuestionFromFormulas(
  tx: DbOrTx,
  quizId: number,
  questionId: number,
): Promise<void> {
  await refreshFormulas(tx, quizId, (formula) => removeQuestionFromFormula(formula, questionId));
}

/**
 * Checks every formula of the quiz again (a question's type or config changed, so its
 * value may have become non-numeric or numeric) and saves the verdicts that changed.
 */
export async function revalidateFormulas(tx: DbOrTx, quizId: number): Promise<void> {
  await refreshFormulas(tx, quizId, (formula) => [...formula]);
}

async function refreshFormulas(
  tx: DbOrTx,
  quizId: number,
  clean: (formula: readonly FormulaElement[]) => FormulaElement[],
): Promise<void> {
  const quizQuestions = await formulaQuestions(tx, quizId);
  for (const result of await listResultFormulas(tx, quizId)) {
    const formula = clean(result.formula);
    const errors = formulaVerdict(formula, quizQuestions, result);
    if (sameJson(formula, result.formula) && sameJson(errors, result.formulaErrors)) continue;
    await saveResultFormula(tx, result.id, formula, errors);
  }

  const quiz = await findGeneralFormula(tx, quizId);
  if (!quiz) return;
  const stored = quiz.settings.general_formula ?? [];
  const general = clean(stored);
  const generalErrors = generalFormulaVerdict(general, quizQuestions);
  if (sameJson(general, stored) && sameJson(generalErrors, quiz.errors)) return;
  const settings =
    quiz.settings.general_formula === undefined && general.length === 0
      ? quiz.settings
      : { ...quiz.settings, general_formula: general };
  await saveGeneralFormula(tx, quizId, settings, generalErrors);
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
