import { z } from "zod";
import { FormulaElementKind, FormulaOp } from "./codes";
import { finiteNumber, idSchema } from "./quiz-common";

export const formulaOpSchema = z.union([
  z.literal(FormulaOp.Add),
  z.literal(FormulaOp.Sub),
  z.literal(FormulaOp.Mul),
  z.literal(FormulaOp.Div),
  z.literal(FormulaOp.Pow),
  z.literal(FormulaOp.Mod),
  z.literal(FormulaOp.Open),
  z.literal(FormulaOp.Close),
]);

/** A number, an operation or a question (FormulaElementKind; docs/codes.md). */
export const formulaElementSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal(FormulaElementKind.Number), value: finiteNumber }),
  z.object({ kind: z.literal(FormulaElementKind.Operator), op: formulaOpSchema }),
  z.object({ kind: z.literal(FormulaElementKind.Question), question: idSchema }),
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
