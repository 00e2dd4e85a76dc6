import { and, asc, eq } from "drizzle-orm";
import type { Changes } from "../../db/changes";
import type { DbOrTx } from "../../db/client";
import { additions, projects, quizzes } from "../../db/schema";
import type { SiblingPosition } from "../../lib/sibling-order";
import { quizOwnedBy } from "../../policies/ownership";

export type AdditionRow = typeof additions.$inferSelect;
export type NewAdditionRow = typeof additions.$inferInsert;

export async function listAdditions(db: DbOrTx, quizId: number): Promise<AdditionRow[]> {
  return db
    .select()
    .from(additions)
    .where(eq(additions.quizId, quizId))
    .orderBy(asc(additions.sort), asc(additions.id));
}

/** An addition of a live quiz the user owns; undefined otherwise. */
export async function findOwnedAddition(
  db: DbOrTx,
  userId: number,
  additionId: number,
): Promise<AdditionRow | undefined> {
  const rows = await db
    .select({ addition: additions })
    .from(additions)
    .innerJoin(quizzes, eq(quizzes.id, additions.quizId))
    .innerJoin(projects, eq(projects.id, quizzes.projectId))
    .where(and(eq(additions.id, additionId), quizOwnedBy(userId)))
    .limit(1);
  return rows[0]?.addition;
}

/** Serialises changes of one quiz's additions until the transaction ends. */
export async function lockQuizAdditions(db: DbOrTx, quizId: number): Promise<void> {
  await db.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.id, quizId)).for("update");
}

export async function additionPositions(db: DbOrTx, quizId: number): Promise<SiblingPosition[]> {
  return db
    .select({ id: additions.id, sort: additions.sort })
    .from(additions)
    .where(eq(additions.quizId, quizId))
    .orderBy(asc(additions.sort), asc(additions.id));
}

export async function setAdditionSorts(db: DbOrTx, changes: readonly SiblingPosition[]) {
  for (const change of changes) {
    await db.update(additions).set({ sort: change.sort }).where(eq(additions.id, change.id));
  }
}

export async function insertAddition(db: DbOrTx, values: NewAdditionRow): Promise<AdditionRow> {
  const rows = await db.insert(additions).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error("addition not inserted");
  return row;
}

export async function updateAddition(
  db: DbOrTx,
  additionId: number,
  changes: Changes<NewAdditionRow>,
): Promise<AdditionRow> {
  const rows = await db
    .update(additions)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(additions.id, additionId))
    .returning();
  const row = rows[0];
  if (!row) throw new Error("addition not updated");
  return row;
}

export async function deleteAddition(db: DbOrTx, additionId: number): Promise<void> {
  await db.delete(additions).where(eq(additions.id, additionId));
}
