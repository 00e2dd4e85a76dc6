/**
 * The questions module's public face: the questions service (list, read), the engine's
 * view of a quiz's questions, default texts, and the owned-question lookups, locks and
 * writes that answers, conditions and workflows/question-editing run inside their
 * transactions.
 */
export { defaultAnswerText, defaultQuestionTitle } from "./default-texts";
export { loadQuestions } from "./question-snapshot.repository";
export {
  deleteQuestion,
  findOwnedQuestion,
  findQuestion,
  findQuizLanguage,
  insertQuestion,
  listQuestionPositions,
  listRuleQuestions,
  lockOwnedQuestion,
  lockQuiz,
  presentQuestion,
  type QuestionInsert,
  type QuestionRow,
  type RuleQuestion,
  updateQuestion,
  writeQuestionSorts,
} from "./questions.repository";
export { createQuestionsService, type QuestionsService } from "./questions.service";
