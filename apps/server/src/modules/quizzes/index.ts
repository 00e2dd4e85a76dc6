/**
 * The quizzes module's public face: the quiz service, the owned-quiz lookups other
 * modules and workflows run inside their transactions, the defaults of a quiz's nested
 * objects and default texts, and the presenters.
 */
export {
  analyticsDefaults,
  contactFormDefaults,
  copyTitle,
  defaultText,
  designDefaults,
  resultsSettingsDefaults,
  startPageDefaults,
} from "./quiz-defaults";
export { countLeadsByProject, countLeadsByQuiz } from "./quiz-leads-count.repository";
export { type QuizRow, toQuiz, toQuizSummary } from "./quizzes.presenter";
export { findOwnedQuiz, findUserLanguage, listOwnedQuizzes } from "./quizzes.repository";
export { createQuizzesService, type QuizzesService } from "./quizzes.service";
