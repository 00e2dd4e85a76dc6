import type { QuizClosedReason } from "@leadquiz/contract";
import { AppError } from "../../lib/app-error";
import type { LeadQuiz } from "../visitor-sessions";

/** Why and since when visitors can no longer reach a quiz. */
export interface QuizClosure {
  reason: QuizClosedReason;
  at: Date;
}

/**
 * Since when visitors lost the quiz, and why: the earliest of its hiding, its (or its
 * project's) deletion and the end of its owner's tariff that are in effect now; null while
 * the quiz is live. A hidden quiz without a noted time (none is, since migration 0010 noted
 * one for every hidden quiz) counts as closed long ago.
 */
export function closureOf(quiz: LeadQuiz, now: Date): QuizClosure | null {
  const closures: QuizClosure[] = [];
  if (!quiz.isPublished) closures.push({ reason: "hidden", at: quiz.hiddenAt ?? new Date(0) });
  if (quiz.deletedAt) closures.push({ reason: "deleted", at: quiz.deletedAt });
  if (quiz.tariffEndsAt && quiz.tariffEndsAt.getTime() <= now.getTime()) {
    closures.push({ reason: "tariff_ended", at: quiz.tariffEndsAt });
  }
  return closures.reduce<QuizClosure | null>(
    (earliest, closure) =>
      earliest === null || closure.at.getTime() < earliest.at.getTime() ? closure : earliest,
    null,
  );
}

/**
 * The grace rule of the lead calls (docs/leads.md "Closed quizzes"): a visitor served the
 * quiz before it closed keeps sending their lead for `graceMs` after. Past it, the error to
 * answer: 410 `quiz_closed` with the reason and the time, so the runtime can say so and
 * keep the answers. Null while the quiz takes leads.
 */
export function closedPastGrace(quiz: LeadQuiz, now: Date, graceMs: number): AppError | null {
  const closure = closureOf(quiz, now);
  if (!closure || now.getTime() - closure.at.getTime() <= graceMs) return null;
  return new AppError(
    "quiz_closed",
    `quiz_closed_${closure.reason}`,
    {},
    {},
    { reason: closure.reason, closed_at: closure.at.toISOString() },
  );
}
