/** The quiz-copy workflow: deep copies of quizzes and projects across the quiz's modules. */

export { type CopyQuizInput, copyQuiz } from "./quiz-copy.repository";
export { createQuizCopyWorkflow, type QuizCopyWorkflow } from "./quiz-copy.workflow";
