import type { ValidationMessageKey } from "./messages";

/** Quantity of answers per question (docs/product.md "Validation rules"). */
export const ANSWERS_MIN = 2;
export const ANSWERS_MAX = 10;

/** The number of answers of a question must be an integer from 2 to 10. */
export function validateAnswerCount(count: number): ValidationMessageKey | null {
  if (!Number.isInteger(count) || count < ANSWERS_MIN || count > ANSWERS_MAX) {
    return "quantity_of_answers";
  }
  return null;
}
