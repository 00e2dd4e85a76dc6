import { type FormulaElement, FormulaElementKind } from "@leadquiz/contract";
import type { FormulaQuestion } from "@leadquiz/engine";
import { FieldErrors } from "../../lib/app-error";

/**
 * 400 on `formula.{i}.question` for every element naming a question that is not one of
 * this quiz's (another quiz's, or none at all): a formula never points outside its quiz.
 */
export function assertFormulaQuestionsInQuiz(
  formula: readonly FormulaElement[],
  questions: readonly FormulaQuestion[],
  field = "formula",
): void {
  const ids = new Set(questions.map((question) => question.id));
  const errors: Record<string, string[]> = {};
  formula.forEach((element, index) => {
    if (element.kind === FormulaElementKind.Question && !ids.has(element.question)) {
      errors[`${field}.${index}.question`] = ["invalid_value"];
    }
  });
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
}
