import type { FormulaQuestion } from "@leadquiz/engine";
import { and, asc, count, eq } from "drizzle-orm";
import type { Changes } from "../../db/changes";
import type { DbOrTx } from "../../db/client";
import { projects, questions, quizzes, results } from "../../db/schema";
import type { SiblingPosition } from "../../lib/sibling-order";
import { quizOwnedBy } from "../../policies/ownership";

export type ResultRow = typeof results.$inferSelect;
export type NewResultRow = typeof results.$inferInsert;
export type ResultChanges = Changes<Omit<NewResultRow, "id" | "quizId" | "createdAt">>;

/** The question fields the formula check needs. */
/** Results of a quiz in list order (sort, id). */
export async function listResults(db: DbOrTx, quizId: number): Promise<ResultRow[]> {
  return db
    .select()
    .from(results)
    .where(eq(results.quizId, quizId))
    .orderBy(asc(results.sort), asc(results.id));
}

/** A result whose quiz the user owns and which is live; undefined otherwise. */
export async function findOwnedResult(
  db: DbOrTx,
  userId: number,
  resultId: number,
): Promise<ResultRow | undefined> {
  const rows = await db
    .select({ result: results })
    .from(results)
    .innerJoin(quizzes, eq(quizzes.id, results.quizId))
    .innerJoin(projects, eq(projects.id, quizzes.projectId))
    .where(and(eq(results.id, resultId), quizOwnedBy(userId)))
    .limit(1);
  return rows[0]?.result;
}

/**
 * Locks the quiz row until the transaction ends: changes of the quiz's children (sorts,
 * subdomain, …) are serialised per quiz. Answers the quiz's language id.
 */
export async function lockQuiz(db: DbOrTx, quizId: number): Promise<{ language: number }> {
  const rows = await db
    .select({ language: quizzes.language })
    .from(quizzes)
    .where(eq(quizzes.id, quizId))
    .for("update");
  return { language: rows[0]?.language ?? 2 };
}

export async function countResults(db: DbOrTx, quizId: number): Promise<number> {
  const rows = await db.select({ n: count() }).from(results).where(eq(results.quizId, quizId));
  return rows[0]?.n ?? 0;
}

export async function resultPositions(db: DbOrTx, quizId: number): Promise<SiblingPosition[]> {
  return db
    .select({ id: results.id, sort: results.sort })
    .from(results)
    .where(eq(results.quizId, quizId))
    .orderBy(asc(results.sort), asc(results.id));
}

export async function setResultSorts(db: DbOrTx, changes: readonly SiblingPosition[]) {
  for (const change of changes) {
    await db.update(results).set({ sort: change.sort }).where(eq(results.id, change.id));
  }
}

export async function insertResult(db: DbOrTx, values: NewResultRow): Promise<ResultRow> {
  const rows = await db.insert(results).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error("result not inserted");
  return row;
}

export async function updateResult(
  db: DbOrTx,
  resultId: number,
  changes: ResultChanges,
): Promise<ResultRow> {
  const rows = await db
    .update(results)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(results.id, resultId))
    .returning();
  const row = rows[0];
  if (!row) throw new Error("result not updated");
  return row;
}

export async function deleteResult(db: DbOrTx, resultId: number): Promise<void> {
  await db.delete(results).where(eq(results.id, resultId));
}

/** The questions of a quiz, as the formula check needs them. */
export async function formulaQuestions(db: DbOrTx, quizId: number): Promise<FormulaQuestion[]> {
  const rows = await db
    .select({ id: questions.id, type: questions.type, config: questions.config })
    .from(questions)
    .where(eq(questions.quizId, quizId));
  return rows.map((row) => ({ id: row.id, type: row.type, config: row.config }));
}
