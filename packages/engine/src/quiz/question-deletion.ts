import { removeQuestionFromFormula } from "./formula/remove-question";
import type { FormulaElement, QuizSnapshot } from "./types";

/** A formula that deleting a question rewrites: `result` null is the general formula. */
export interface FormulaChange {
  result: number | null;
  before: readonly FormulaElement[];
  after: FormulaElement[];
}

/** A question or result that loses `count` conditions (those that refer to the question). */
export interface ConditionLoss {
  owner: "question" | "result";
  id: number;
  count: number;
}

export interface QuestionDeletionEffects {
  formulas: FormulaChange[];
  conditions: ConditionLoss[];
}

/**
 * What deleting question `questionId` changes elsewhere in the quiz, as the server does it
 * (workflows/question-editing): its elements leave every formula (removeQuestionFromFormula),
 * and the conditions of other questions and of results that refer to it are deleted. The
 * question's own conditions go with it and are not listed. Nothing: both lists empty.
 */
export function questionDeletionEffects(
  quiz: Pick<QuizSnapshot, "questions" | "results" | "results_settings">,
  questionId: number,
): QuestionDeletionEffects {
  const formulas: FormulaChange[] = [];
  const change = (result: number | null, before: readonly FormulaElement[]) => {
    const after = removeQuestionFromFormula(before, questionId);
    if (after.length !== before.length) formulas.push({ result, before, after });
  };
  for (const result of quiz.results) change(result.id, result.formula);
  change(null, quiz.results_settings.general_formula);

  const conditions: ConditionLoss[] = [];
  const owners = [
    ...quiz.questions
      .filter((question) => question.id !== questionId)
      .map((question) => ({ owner: "question" as const, ...question })),
    ...quiz.results.map((result) => ({ owner: "result" as const, ...result })),
  ];
  for (const { owner, id, conditions: list } of owners) {
    const count = list.filter((condition) => condition.ref_question === questionId).length;
    if (count > 0) conditions.push({ owner, id, count });
  }
  return { formulas, conditions };
}
