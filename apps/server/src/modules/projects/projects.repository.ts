import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { projects, quizConfigs, quizzes } from "../../db/schema";
import { projectOwnedBy } from "../../policies/ownership";

export type ProjectRow = typeof projects.$inferSelect;

/** The caller's live projects, oldest first. */
export async function listOwnedProjects(db: DbOrTx, userId: number): Promise<ProjectRow[]> {
  return db.select().from(projects).where(projectOwnedBy(userId)).orderBy(asc(projects.id));
}

/** The caller's live project `id`; `forUpdate` locks the row for the transaction. */
export async function findOwnedProject(
  db: DbOrTx,
  userId: number,
  id: number,
  forUpdate = false,
): Promise<ProjectRow | undefined> {
  const query = db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), projectOwnedBy(userId)))
    .limit(1);
  const rows = forUpdate ? await query.for("update") : await query;
  return rows[0];
}

export async function insertProject(
  db: DbOrTx,
  values: { userId: number; title: string; sites: string[] },
): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(values).returning();
  if (!row) throw new Error("insertProject: no row returned");
  return row;
}

export async function updateProject(
  db: DbOrTx,
  id: number,
  changes: { title?: string; sites?: string[] },
): Promise<ProjectRow> {
  const [row] = await db.update(projects).set(changes).where(eq(projects.id, id)).returning();
  if (!row) throw new Error("updateProject: no row returned");
  return row;
}

/**
 * Hides a project and its live quizzes (`deleted_at`), and frees their landing subdomains.
 * Leads keep pointing at the quizzes.
 */
export async function hideProject(db: DbOrTx, id: number): Promise<void> {
  const now = new Date();
  await db.update(projects).set({ deletedAt: now }).where(eq(projects.id, id));
  const hidden = await db
    .update(quizzes)
    .set({ deletedAt: now })
    .where(and(eq(quizzes.projectId, id), isNull(quizzes.deletedAt)))
    .returning({ id: quizzes.id });
  const ids = hidden.map((row) => row.id);
  if (ids.length > 0) {
    await db.update(quizConfigs).set({ subdomain: null }).where(inArray(quizConfigs.quizId, ids));
  }
}
