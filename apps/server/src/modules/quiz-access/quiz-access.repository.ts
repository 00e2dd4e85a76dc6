import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { projects, quizzes } from "../../db/schema";
import { projectOwnedBy, quizOwnedBy } from "../../policies/ownership";

/** The id of the caller's live quiz `quizId` (policies/ownership.ts), else undefined. */
export async function findOwnedQuizId(
  db: DbOrTx,
  userId: number,
  quizId: number,
): Promise<number | undefined> {
  const rows = await db
    .select({ id: quizzes.id })
    .from(quizzes)
    .innerJoin(projects, eq(projects.id, quizzes.projectId))
    .where(and(eq(quizzes.id, quizId), quizOwnedBy(userId)))
    .limit(1);
  return rows[0]?.id;
}

/** The id of the caller's live project `projectId` (policies/ownership.ts), else undefined. */
export async function findOwnedProjectId(
  db: DbOrTx,
  userId: number,
  projectId: number,
): Promise<number | undefined> {
  const rows = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), projectOwnedBy(userId)))
    .limit(1);
  return rows[0]?.id;
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
