import { z } from "zod";
import { finiteNumber, idSchema } from "./quiz-common";

/** 1 Add, 2 Sub, 3 Mul, 4 Div, 5 Pow, 6 Mod, 7 "(", 8 ")". */
export const formulaOpSchema = z.union([
  z.literal(1),
  z.literal(2),
  z.literal(3),
  z.literal(4),
  z.literal(5),
  z.literal(6),
  z.literal(7),
  z.literal(8),
]);

/** `{kind: 1, value}` a number | `{kind: 2, op}` an operation | `{kind: 3, question}`. */
export const formulaElementSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal(1), value: finiteNumber }),
  z.object({ kind: z.literal(2), op: formulaOpSchema }),
  z.object({ kind: z.literal(3), question: idSchema }),
]);
export type FormulaElement = z.infer<typeof formulaElementSchema>;

export const FORMULA_MAX_ELEMENTS = 500;
export const formulaSchema = z.array(formulaElementSchema).max(FORMULA_MAX_ELEMENTS);

/** Codes of the engine's FormulaError (packages/engine quiz/formula/ast.ts). */
export const formulaErrorCodes = [
  "empty",
  "unknown_element",
  "invalid_number",
  "unknown_operation",
  "leading_operation",
  "two_operations_in_a_row",
  "two_operands_in_a_row",
  "trailing_operation",
  "missing_operand",
  "empty_brackets",
  "unbalanced_brackets",
  "unknown_question",
  "question_without_numeric_value",
] as const;

/** A problem at element `index` of a formula, as the engine's validateFormula reports it. */
export const formulaErrorSchema = z.object({
  index: z.int32(),
  code: z.enum(formulaErrorCodes),
});
export type FormulaError = z.infer<typeof formulaErrorSchema>;
