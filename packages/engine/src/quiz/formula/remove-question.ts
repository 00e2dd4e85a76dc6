import { FormulaElementKind, FormulaOp } from "../../codes";
import type { FormulaElement } from "../types";

/**
 * Every element that references `questionId` removed from a formula, each with one
 * adjacent binary operation so that the rest stays well-formed where it was:
 * - a minus sign in front of the question goes with it (`a * -q` → `a`);
 * - between two operations the one that binds the question tighter goes (`a - q * b` →
 *   `a - b`, `a * q - b` → `a - b`), the one before it on a tie (`a - q + b` → `a + b`);
 * - otherwise the operation before it, else the one after it (`q + b` → `b`);
 * - brackets left empty go too, as an operand of their own (`a + (q) * b` → `a + b`).
 * A formula that held only the question becomes empty.
 * Elements are never reordered; an already ill-formed formula is cleaned as far as it can.
 */
export function removeQuestionFromFormula(
  elements: readonly FormulaElement[],
  questionId: number,
): FormulaElement[] {
  const list = [...elements];
  for (;;) {
    const index = list.findIndex(
      (element) => element.kind === FormulaElementKind.Question && element.question === questionId,
    );
    if (index === -1) return list;
    removeOperand(list, index, index);
  }
}

const OPEN = FormulaOp.Open;
const CLOSE = FormulaOp.Close;
const SUB = FormulaOp.Sub;

function isOp(
  element: FormulaElement | undefined,
): element is FormulaElement & { kind: typeof FormulaElementKind.Operator } {
  return element?.kind === FormulaElementKind.Operator;
}

function isBinaryOp(element: FormulaElement | undefined): boolean {
  return isOp(element) && element.op >= FormulaOp.Add && element.op <= FormulaOp.Mod;
}

/** Higher binds tighter: Pow 3, Mul/Div/Mod 2, Add/Sub 1. */
function precedence(element: FormulaElement | undefined): number {
  if (!isOp(element)) return 0;
  if (element.op === FormulaOp.Pow) return 3;
  if (
    element.op === FormulaOp.Mul ||
    element.op === FormulaOp.Div ||
    element.op === FormulaOp.Mod
  ) {
    return 2;
  }
  return 1;
}

/** A Sub at `index` that is a minus sign: at the start, after an operation or "(". */
function isUnaryMinus(list: readonly FormulaElement[], index: number): boolean {
  const element = list[index];
  if (!isOp(element) || element.op !== SUB) return false;
  const previous = list[index - 1];
  return previous === undefined || (isOp(previous) && previous.op !== CLOSE);
}

/**
 * Removes the operand list[start..end] (a question, or an empty pair of brackets) with its
 * minus signs and one adjacent binary operation; then, when that leaves "()", that too.
 */
function removeOperand(list: FormulaElement[], start: number, end: number): void {
  let from = start;
  while (from > 0 && isUnaryMinus(list, from - 1)) from -= 1;
  let to = end;
  const before = list[from - 1];
  const after = list[to + 1];
  // An operation before the operand is binary unless it opens the formula as a sign.
  const binaryBefore = isBinaryOp(before) && !isUnaryMinus(list, from - 1);
  const binaryAfter = isBinaryOp(after);
  if (binaryBefore && (!binaryAfter || precedence(before) >= precedence(after))) from -= 1;
  else if (binaryAfter) to += 1;
  list.splice(from, to - from + 1);
  const open = list[from - 1];
  const close = list[from];
  if (isOp(open) && open.op === OPEN && isOp(close) && close.op === CLOSE) {
    removeOperand(list, from - 1, from);
  }
}
