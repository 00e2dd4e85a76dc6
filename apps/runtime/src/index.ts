// The visitor runtime's public API (the hosted page, the embed's frame, the editor preview).
export type { QuizEvent } from "./events";
export { reportLeadToAnalytics } from "./lead-analytics";
export { hydrateQuiz, type MountedQuiz, type MountOptions, mountQuiz } from "./mount";
export { emptyPageContext, type PageContext, readPageContext } from "./page-context";
export { buildSubmission, newSubmissionId } from "./submission";
export {
  createSubmissionQueue,
  type SubmissionQueue,
  type SubmitOutcome,
} from "./submission-queue";
export { loadVisitorTexts, type VisitorTexts } from "./texts";
