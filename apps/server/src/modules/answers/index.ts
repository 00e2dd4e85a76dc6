/**
 * The answers module's public face: the answers service, and the answer writes
 * workflows/question-editing runs inside its transactions (defaults, copies, deletes,
 * order). Which question types have answers is the engine's `questionTypeTraits`.
 */
export {
  deleteAnswer,
  deleteAnswersOf,
  listAnswerPositions,
  writeAnswerSorts,
} from "./answers.repository";
export {
  type AnswersService,
  copyAnswers,
  createAnswersService,
  createDefaultAnswers,
  lockOwnedAnswer,
} from "./answers.service";
