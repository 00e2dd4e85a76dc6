import { type FormulaElement, FormulaElementKind, FormulaOp } from "@leadquiz/contract";

/** How each operation reads in the editor. */
export const operatorSymbols: Record<FormulaOp, string> = {
  [FormulaOp.Add]: "+",
  [FormulaOp.Sub]: "−",
  [FormulaOp.Mul]: "×",
  [FormulaOp.Div]: "÷",
  [FormulaOp.Pow]: "^",
  [FormulaOp.Mod]: "mod",
  [FormulaOp.Open]: "(",
  [FormulaOp.Close]: ")",
};

/** One element as it reads ("×", "1000", or the question's label). */
export function elementText(
  element: FormulaElement,
  questionLabel: (questionId: number) => string,
): string {
  switch (element.kind) {
    case FormulaElementKind.Number:
      return String(element.value);
    case FormulaElementKind.Operator:
      return operatorSymbols[element.op];
    case FormulaElementKind.Question:
      return questionLabel(element.question);
  }
}

/**
 * A formula as a line of text: `Q1 × 1000 + (Q2 − 5)`. Spaces around elements, none
 * inside brackets.
 */
export function formulaText(
  elements: readonly FormulaElement[],
  questionLabel: (questionId: number) => string,
): string {
  let text = "";
  elements.forEach((element, index) => {
    const part = elementText(element, questionLabel);
    const previous = elements[index - 1];
    const afterOpen =
      previous?.kind === FormulaElementKind.Operator && previous.op === FormulaOp.Open;
    const isClose = element.kind === FormulaElementKind.Operator && element.op === FormulaOp.Close;
    text += index === 0 || afterOpen || isClose ? part : ` ${part}`;
  });
  return text;
}

/** Inserts `element` after position `after` (-1: at the start; null: at the end). */
export function insertElement(
  elements: readonly FormulaElement[],
  element: FormulaElement,
  after: number | null,
): FormulaElement[] {
  const at = after === null ? elements.length : after + 1;
  return [...elements.slice(0, at), element, ...elements.slice(at)];
}
