import type { LeadResponse, PublicQuiz } from "@leadquiz/contract";

/** Where the visitor is: the screen's kind, the question's id and its index on the path. */
export interface StepInfo {
  kind: "start" | "question" | "results" | "form" | "thank_you";
  question: number | null;
  index: number | null;
}

/** Funnel events (`public/quiz/{key}/events/`), screens and the lead, for the host. */
export type QuizEvent =
  | { type: "view" }
  | { type: "start" }
  | { type: "answer"; question: number }
  | { type: "contacts" }
  | { type: "result" }
  | { type: "step"; step: StepInfo }
  | { type: "lead"; submission_id: string; response: LeadResponse | null };

/** Whether any of the owner's analytics is configured (then `installAnalytics` loads). */
export function hasAnalytics(analytics: PublicQuiz["analytics"]): boolean {
  return Object.values(analytics).some((id) => id.trim() !== "");
}
