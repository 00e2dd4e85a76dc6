import type { FormulaOp } from "../../codes";

/** The operations between two operands (every FormulaOp but the brackets). */
export type BinaryOp = Exclude<FormulaOp, typeof FormulaOp.Open | typeof FormulaOp.Close>;

/** A parsed formula; `index` is the position of the node's element in the list. */
export type FormulaNode =
  | { type: "number"; value: number; index: number }
  | { type: "question"; question: number; index: number }
  | { type: "negate"; operand: FormulaNode; index: number }
  | { type: "binary"; op: BinaryOp; left: FormulaNode; right: FormulaNode; index: number };

export type FormulaErrorCode =
  | "empty"
  | "unknown_element"
  | "invalid_number"
  | "unknown_operation"
  | "leading_operation"
  | "two_operations_in_a_row"
  | "two_operands_in_a_row"
  | "trailing_operation"
  | "missing_operand"
  | "empty_brackets"
  | "unbalanced_brackets"
  | "unknown_question"
  | "question_without_numeric_value";

/** A problem at element `index` of the list (0 for an empty list). */
export interface FormulaError {
  index: number;
  code: FormulaErrorCode;
}
