import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { findOwnedProjectId, findOwnedQuizId } from "./quiz-access.repository";

/**
 * Ownership checks shared by every module of the quiz model (the rule itself is
 * policies/ownership.ts). Anything not the caller's answers 404 exactly alike.
 */

/** Throws 404 not_found unless the caller owns the (live) quiz. */
export async function requireOwnedQuiz(db: DbOrTx, userId: number, quizId: number): Promise<void> {
  if ((await findOwnedQuizId(db, userId, quizId)) === undefined) throw new AppError("not_found");
}

/** Whether the caller owns the (live) project. */
export async function ownsProject(db: DbOrTx, userId: number, projectId: number): Promise<boolean> {
  return (await findOwnedProjectId(db, userId, projectId)) !== undefined;
}
