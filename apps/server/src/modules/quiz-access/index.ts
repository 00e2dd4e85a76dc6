/**
 * The quiz-access module's public face: ownership checks of quizzes and projects and the
 * draft-version bump every content change makes in its transaction.
 */
export { bumpDraftVersion, findOwnedQuizId } from "./quiz-access.repository";
export { ownsProject, requireOwnedQuiz } from "./quiz-access.service";
