/** The publishing workflow: snapshots of a quiz's draft, taken across the quiz's modules. */
export { buildPublicQuiz } from "./public-quiz.builder";
export { createPublishingWorkflow, type PublishingWorkflow } from "./publishing.workflow";
export { loadQuizSnapshot } from "./quiz-snapshot.repository";
