import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { projects, quizzes } from "../../db/schema";
import { AppError } from "../../lib/app-error";

/**
 * Ownership checks shared by every module of the quiz model. A quiz belongs to the caller
 * when its `user_id` is theirs and neither it nor its project is deleted; anything else
 * (another account's, deleted, missing) answers 404 exactly alike (api.md "Conventions").
 */
export async function findOwnedQuizId(
  db: DbOrTx,
  userId: number,
  quizId: number,
): Promise<number | undefined> {
  const rows = await db
    .select({ id: quizzes.id })
    .from(quizzes)
    .innerJoin(projects, eq(projects.id, quizzes.projectId))
    .where(
      and(
        eq(quizzes.id, quizId),
        eq(quizzes.userId, userId),
        isNull(quizzes.deletedAt),
        isNull(projects.deletedAt),
      ),
    )
    .limit(1);
  return rows[0]?.id;
}

/** Throws 404 not_found unless the caller owns the (live) quiz. */
export async function requireOwnedQuiz(db: DbOrTx, userId: number, quizId: number): Promise<void> {
  if ((await findOwnedQuizId(db, userId, quizId)) === undefined) throw new AppError("not_found");
}

/**
 * Marks the quiz's draft as changed (has_unpublished_changes). Call it in the same
 * transaction as every change of the quiz or its content.
 */
export async function bumpDraftVersion(db: DbOrTx, quizId: number): Promise<void> {
  await db
    .update(quizzes)
    .set({ draftVersion: sql`${quizzes.draftVersion} + 1`, updatedAt: new Date() })
    .where(eq(quizzes.id, quizId));
}
