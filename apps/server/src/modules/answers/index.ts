/**
 * The answers module's public face: the answers service, the rule of which question types
 * have answers, and the answer writes workflows/question-editing runs inside its
 * transactions (defaults, copies, deletes, order).
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
  hasAnswerOptions,
  lockOwnedAnswer,
} from "./answers.service";
