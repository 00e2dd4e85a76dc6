import type { Answer } from "@leadquiz/contract";
import { and, asc, eq } from "drizzle-orm";
import type { Changes } from "../../db/changes";
import type { DbOrTx } from "../../db/client";
import { answers, projects, questions, quizzes } from "../../db/schema";
import type { SiblingPosition } from "../../lib/sibling-order";
import { quizOwnedBy } from "../../policies/ownership";

export type AnswerRow = typeof answers.$inferSelect;
export type AnswerInsert = typeof answers.$inferInsert;

/** The API shape of an answer row. */
export function presentAnswer(row: AnswerRow): Answer {
  return {
    id: row.id,
    question: row.questionId,
    sort: row.sort,
    text: row.text,
    image: row.image,
    is_right: row.isRight,
    points: row.points,
  };
}

/** The answer with its question's type and quiz, when the quiz belongs to the user. */
export async function findOwnedAnswer(
  db: DbOrTx,
  userId: number,
  answerId: number,
): Promise<{ answer: AnswerRow; quizId: number } | undefined> {
  const rows = await db
    .select({ answer: answers, quizId: questions.quizId })
    .from(answers)
    .innerJoin(questions, eq(questions.id, answers.questionId))
    .innerJoin(quizzes, eq(quizzes.id, questions.quizId))
    .innerJoin(projects, eq(projects.id, quizzes.projectId))
    .where(and(eq(answers.id, answerId), quizOwnedBy(userId)))
    .limit(1);
  return rows[0];
}

export async function listAnswers(db: DbOrTx, questionId: number): Promise<AnswerRow[]> {
  return db
    .select()
    .from(answers)
    .where(eq(answers.questionId, questionId))
    .orderBy(asc(answers.sort), asc(answers.id));
}

export async function listAnswerPositions(
  db: DbOrTx,
  questionId: number,
): Promise<SiblingPosition[]> {
  return db
    .select({ id: answers.id, sort: answers.sort })
    .from(answers)
    .where(eq(answers.questionId, questionId))
    .orderBy(asc(answers.sort), asc(answers.id));
}

export async function insertAnswers(
  db: DbOrTx,
  values: readonly AnswerInsert[],
): Promise<AnswerRow[]> {
  if (values.length === 0) return [];
  return db
    .insert(answers)
    .values([...values])
    .returning();
}

export async function updateAnswer(
  db: DbOrTx,
  answerId: number,
  changes: Changes<AnswerInsert>,
): Promise<AnswerRow> {
  const [row] = await db.update(answers).set(changes).where(eq(answers.id, answerId)).returning();
  if (!row) throw new Error(`answer ${answerId} vanished during its update`);
  return row;
}

export async function findAnswer(db: DbOrTx, answerId: number): Promise<AnswerRow | undefined> {
  const [row] = await db.select().from(answers).where(eq(answers.id, answerId));
  return row;
}

export async function deleteAnswer(db: DbOrTx, answerId: number): Promise<void> {
  await db.delete(answers).where(eq(answers.id, answerId));
}

export async function deleteAnswersOf(db: DbOrTx, questionId: number): Promise<void> {
  await db.delete(answers).where(eq(answers.questionId, questionId));
}

export async function writeAnswerSorts(
  db: DbOrTx,
  changes: readonly SiblingPosition[],
): Promise<void> {
  for (const change of changes) {
    await db.update(answers).set({ sort: change.sort }).where(eq(answers.id, change.id));
  }
}
