import { and, asc, eq, inArray } from "drizzle-orm";
import type { Changes } from "../../db/changes";
import type { DbOrTx } from "../../db/client";
import { formFields, projects, quizConfigs, quizzes, users } from "../../db/schema";
import { quizOwnedBy } from "../../policies/ownership";
import { defaultFormFields } from "./quiz-defaults";
import type { QuizRow } from "./quizzes.presenter";

export type NewQuiz = typeof quizzes.$inferInsert;
export type QuizChanges = Changes<Omit<NewQuiz, "id" | "userId" | "createdAt">>;

/**
 * The caller's live quizzes (quiz and project not deleted), oldest first; only those of
 * `projectIds` when given.
 */
export async function listOwnedQuizzes(
  db: DbOrTx,
  userId: number,
  projectIds?: readonly number[],
): Promise<QuizRow[]> {
  if (projectIds !== undefined && projectIds.length === 0) return [];
  const rows = await db
    .select({ quiz: quizzes })
    .from(quizzes)
    .innerJoin(projects, eq(projects.id, quizzes.projectId))
    .where(
      and(
        quizOwnedBy(userId),
        projectIds === undefined ? undefined : inArray(quizzes.projectId, [...projectIds]),
      ),
    )
    .orderBy(asc(quizzes.id));
  return rows.map((row) => row.quiz);
}

/** The caller's live quiz `id`; `forUpdate` locks the row for the transaction. */
export async function findOwnedQuiz(
  db: DbOrTx,
  userId: number,
  id: number,
  forUpdate = false,
): Promise<QuizRow | undefined> {
  const query = db
    .select({ quiz: quizzes })
    .from(quizzes)
    .innerJoin(projects, eq(projects.id, quizzes.projectId))
    .where(and(eq(quizzes.id, id), quizOwnedBy(userId)))
    .limit(1);
  const rows = forUpdate ? await query.for("update", { of: quizzes }) : await query;
  return rows[0]?.quiz;
}

/** The interface language of the account (for default titles and the quiz language). */
export async function findUserLanguage(db: DbOrTx, userId: number): Promise<string> {
  const rows = await db
    .select({ languageCode: users.languageCode })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0]?.languageCode ?? "en";
}

/** Inserts a quiz with the default contact form fields (name, phone, e-mail). */
export async function insertQuizWithDefaults(db: DbOrTx, values: NewQuiz): Promise<QuizRow> {
  const [row] = await db.insert(quizzes).values(values).returning();
  if (!row) throw new Error("insertQuiz: no row returned");
  await db
    .insert(formFields)
    .values(defaultFormFields.map((field) => ({ ...field, quizId: row.id })));
  return row;
}

export async function updateQuiz(db: DbOrTx, id: number, changes: QuizChanges): Promise<QuizRow> {
  const [row] = await db.update(quizzes).set(changes).where(eq(quizzes.id, id)).returning();
  if (!row) throw new Error("updateQuiz: no row returned");
  return row;
}

/** Hides a quiz (`deleted_at`; leads stay) and frees its landing subdomain. */
export async function hideQuiz(db: DbOrTx, id: number): Promise<void> {
  await db.update(quizzes).set({ deletedAt: new Date() }).where(eq(quizzes.id, id));
  await db.update(quizConfigs).set({ subdomain: null }).where(eq(quizConfigs.quizId, id));
}
