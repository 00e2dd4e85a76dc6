export { additionShownAt, additionsVisibleAt, discountValue, growingDiscount } from "./additions";
export {
  type AnswerProblem,
  answerProblem,
  answerRange,
  hasNumericValue,
  hasRangeValue,
  isAnswered,
  numericValue,
  type ReadAnswer,
  readAnswer,
} from "./answer-value";
export { type ConditionSubject, conditionHolds, conditionsHold, rangeHolds } from "./condition";
export { type CompleteCondition, completeCondition } from "./condition-defaults";
export { canProceed, firstStep, flowSteps, nextStep, previousStep } from "./flow";
export * from "./formula/index";
export { parseInstant } from "./instant";
export {
  type ConditionLoss,
  type FormulaChange,
  type QuestionDeletionEffects,
  questionDeletionEffects,
} from "./question-deletion";
export { progress, type QuizState, quizState, reachableQuestions } from "./reachable";
export {
  answersSum,
  computedNumber,
  isEligible,
  outputRowFor,
  resultFormula,
  roundToCents,
  type ShownResult,
  shownResults,
  shownValue,
} from "./results";
export { bySort } from "./sort";
export * from "./types";
