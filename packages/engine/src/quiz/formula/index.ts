export type { BinaryOp, FormulaError, FormulaErrorCode, FormulaNode } from "./ast";
export { evaluateFormula } from "./evaluate";
export { type ParseResult, parseFormula } from "./parse";
export { removeQuestionFromFormula } from "./remove-question";
export { validateFormula } from "./validate";
export { formulaValue } from "./value";
export {
  type FormulaOwner,
  type FormulaQuestion,
  formulaVerdict,
  generalFormulaVerdict,
} from "./verdict";
