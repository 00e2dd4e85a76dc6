import { FormulaOp } from "../../codes";
import type { BinaryOp, FormulaNode } from "./ast";

function apply(op: BinaryOp, left: number, right: number): number | null {
  switch (op) {
    case FormulaOp.Add:
      return left + right;
    case FormulaOp.Sub:
      return left - right;
    case FormulaOp.Mul:
      return left * right;
    case FormulaOp.Div:
      return right === 0 ? null : left / right;
    case FormulaOp.Pow:
      return left ** right;
    case FormulaOp.Mod:
      // JavaScript remainder: the sign follows the dividend (-7 mod 3 = -1).
      return right === 0 ? null : left % right;
  }
}

/**
 * The value of a parsed formula, or null when a question has no value (questionValue returns
 * null), on division or modulo by zero, and when any step is not a finite number.
 */
export function evaluateFormula(
  node: FormulaNode,
  questionValue: (questionId: number) => number | null,
): number | null {
  let value: number | null;
  switch (node.type) {
    case "number":
      value = node.value;
      break;
    case "question":
      value = questionValue(node.question);
      break;
    case "negate": {
      const operand = evaluateFormula(node.operand, questionValue);
      value = operand === null ? null : -operand;
      break;
    }
    case "binary": {
      const left = evaluateFormula(node.left, questionValue);
      if (left === null) return null;
      const right = evaluateFormula(node.right, questionValue);
      if (right === null) return null;
      value = apply(node.op, left, right);
      break;
    }
  }
  return value !== null && Number.isFinite(value) ? value : null;
}
