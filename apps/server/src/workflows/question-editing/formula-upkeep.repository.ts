import type { FormulaElement, FormulaError } from "@leadquiz/contract";
import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { quizzes, results } from "../../db/schema";

/** The formulas of a quiz (jsonb in results and quizzes) and the questions they may use. */

/** Each result's formula with its saved verdict and what decides whether it needs one. */
export async function listResultFormulas(tx: DbOrTx, quizId: number) {
  return tx
    .select({
      id: results.id,
      type: results.type,
      conditionMode: results.conditionMode,
      useGeneralFormula: results.useGeneralFormula,
      formula: results.formula,
      formulaErrors: results.formulaErrors,
    })
    .from(results)
    .where(eq(results.quizId, quizId))
    .orderBy(asc(results.id));
}

export async function saveResultFormula(
  tx: DbOrTx,
  resultId: number,
  formula: FormulaElement[],
  errors: FormulaError[],
): Promise<void> {
  await tx
    .update(results)
    .set({ formula, formulaValid: errors.length === 0, formulaErrors: errors })
    .where(eq(results.id, resultId));
}

/** The quiz's results settings (holding the general formula) and the formula's verdict. */
export async function findGeneralFormula(tx: DbOrTx, quizId: number) {
  const [quiz] = await tx
    .select({ settings: quizzes.resultsSettings, errors: quizzes.generalFormulaErrors })
    .from(quizzes)
    .where(eq(quizzes.id, quizId));
  return quiz;
}

export async function saveGeneralFormula(
  tx: DbOrTx,
  quizId: number,
  settings: (typeof quizzes.$inferSelect)["resultsSettings"],
  errors: FormulaError[],
): Promise<void> {
  await tx
    .update(quizzes)
    .set({ resultsSettings: settings, generalFormulaErrors: errors })
    .where(eq(quizzes.id, quizId));
}
