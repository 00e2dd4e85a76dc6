import { and, eq, ne, sql } from "drizzle-orm";
import type { Changes } from "../../db/changes";
import type { DbOrTx } from "../../db/client";
import { projects, quizConfigs, quizzes } from "../../db/schema";
import { quizOwnedBy } from "../../policies/ownership";

export type QuizConfigRow = typeof quizConfigs.$inferSelect;
export type NewQuizConfigRow = typeof quizConfigs.$inferInsert;

export async function findConfigByQuiz(
  db: DbOrTx,
  quizId: number,
): Promise<QuizConfigRow | undefined> {
  const rows = await db.select().from(quizConfigs).where(eq(quizConfigs.quizId, quizId)).limit(1);
  return rows[0];
}

/** A config of a live quiz the user owns; undefined otherwise. */
export async function findOwnedConfig(
  db: DbOrTx,
  userId: number,
  configId: number,
): Promise<QuizConfigRow | undefined> {
  const rows = await db
    .select({ config: quizConfigs })
    .from(quizConfigs)
    .innerJoin(quizzes, eq(quizzes.id, quizConfigs.quizId))
    .innerJoin(projects, eq(projects.id, quizzes.projectId))
    .where(and(eq(quizConfigs.id, configId), quizOwnedBy(userId)))
    .limit(1);
  return rows[0]?.config;
}

/** Locks the quiz row: one config per quiz even when two requests race. */
export async function lockQuizForConfig(db: DbOrTx, quizId: number): Promise<void> {
  await db.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.id, quizId)).for("update");
}

/** Whether another config holds `subdomain` (compared case-insensitively, as the index). */
export async function subdomainTaken(
  db: DbOrTx,
  subdomain: string,
  exceptConfigId?: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: quizConfigs.id })
    .from(quizConfigs)
    .where(
      and(
        sql`lower(${quizConfigs.subdomain}) = lower(${subdomain})`,
        exceptConfigId === undefined ? undefined : ne(quizConfigs.id, exceptConfigId),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertConfig(db: DbOrTx, values: NewQuizConfigRow): Promise<QuizConfigRow> {
  const rows = await db.insert(quizConfigs).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error("quiz config not inserted");
  return row;
}

export async function updateConfig(
  db: DbOrTx,
  configId: number,
  changes: Changes<NewQuizConfigRow>,
): Promise<QuizConfigRow> {
  const rows = await db
    .update(quizConfigs)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(quizConfigs.id, configId))
    .returning();
  const row = rows[0];
  if (!row) throw new Error("quiz config not updated");
  return row;
}

/** What the embed snippets show of a quiz: its public key, title and language id. */
export async function findSnippetQuiz(
  db: DbOrTx,
  quizId: number,
): Promise<{ publicKey: string; title: string; language: number } | undefined> {
  const [quiz] = await db
    .select({ publicKey: quizzes.publicKey, title: quizzes.title, language: quizzes.language })
    .from(quizzes)
    .where(eq(quizzes.id, quizId))
    .limit(1);
  return quiz;
}
