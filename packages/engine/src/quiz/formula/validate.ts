import { FormulaElementKind } from "../../codes";
import { hasNumericValue } from "../answer-value";
import type { FormulaElement, Question } from "../types";
import type { FormulaError } from "./ast";
import { parseFormula } from "./parse";

/**
 * Every problem of a formula for the editor, ordered by element index: the structure
 * (see parseFormula), questions that are not in the quiz, and questions whose answers
 * have no numeric value (Text, Date, two-sided Slider). An empty list means valid.
 */
export function validateFormula(
  elements: readonly FormulaElement[],
  questions: readonly Question[],
): FormulaError[] {
  const parsed = parseFormula(elements);
  const errors = parsed.ok ? [] : [...parsed.errors];
  const byId = new Map(questions.map((question) => [question.id, question]));
  elements.forEach((element, index) => {
    if (element.kind !== FormulaElementKind.Question) return;
    const question = byId.get(element.question);
    if (question === undefined) errors.push({ index, code: "unknown_question" });
    else if (!hasNumericValue(question)) {
      errors.push({ index, code: "question_without_numeric_value" });
    }
  });
  return errors.sort((a, b) => a.index - b.index);
}
