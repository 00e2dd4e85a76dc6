import type { Question, QuestionConfig, QuestionType } from "@leadquiz/contract";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Changes } from "../../db/changes";
import type { DbOrTx } from "../../db/client";
import { answers, projects, questions, quizzes } from "../../db/schema";
import type { SiblingPosition } from "../../lib/sibling-order";
import { quizOwnedBy } from "../../policies/ownership";

export type QuestionRow = typeof questions.$inferSelect;
export type QuestionInsert = typeof questions.$inferInsert;

/** The API shape of a question row. */
export function presentQuestion(row: QuestionRow): Question {
  return {
    id: row.id,
    quiz: row.quizId,
    sort: row.sort,
    type: row.type,
    title: row.title,
    description: row.description,
    button_text: row.buttonText,
    required: row.required,
    media: row.media,
    video_url: row.videoUrl,
    config: row.config,
  };
}

/** The question, when its quiz belongs to the user and neither quiz nor project is deleted. */
export async function findOwnedQuestion(
  db: DbOrTx,
  userId: number,
  questionId: number,
): Promise<QuestionRow | undefined> {
  const rows = await db
    .select({ question: questions })
    .from(questions)
    .innerJoin(quizzes, eq(quizzes.id, questions.quizId))
    .innerJoin(projects, eq(projects.id, quizzes.projectId))
    .where(and(eq(questions.id, questionId), quizOwnedBy(userId)))
    .limit(1);
  return rows[0]?.question;
}

/**
 * Locks the quiz row until the transaction ends: changes of one quiz's content (positions,
 * default numbering, rule checks across questions) run one after another.
 */
export async function lockQuiz(tx: DbOrTx, quizId: number): Promise<void> {
  await tx.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.id, quizId)).for("update");
}

export async function listQuestions(db: DbOrTx, quizId: number): Promise<QuestionRow[]> {
  return db
    .select()
    .from(questions)
    .where(eq(questions.quizId, quizId))
    .orderBy(asc(questions.sort), asc(questions.id));
}

export async function listQuestionPositions(
  db: DbOrTx,
  quizId: number,
): Promise<SiblingPosition[]> {
  return db
    .select({ id: questions.id, sort: questions.sort })
    .from(questions)
    .where(eq(questions.quizId, quizId))
    .orderBy(asc(questions.sort), asc(questions.id));
}

export async function insertQuestion(db: DbOrTx, values: QuestionInsert): Promise<QuestionRow> {
  const [row] = await db.insert(questions).values(values).returning();
  if (!row) throw new Error("insert into questions returned no row");
  return row;
}

export async function updateQuestion(
  db: DbOrTx,
  questionId: number,
  changes: Changes<QuestionInsert>,
): Promise<QuestionRow> {
  const [row] = await db
    .update(questions)
    .set(changes)
    .where(eq(questions.id, questionId))
    .returning();
  if (!row) throw new Error(`question ${questionId} vanished during its update`);
  return row;
}

export async function deleteQuestion(db: DbOrTx, questionId: number): Promise<void> {
  await db.delete(questions).where(eq(questions.id, questionId));
}

export async function findQuestion(
  db: DbOrTx,
  questionId: number,
): Promise<QuestionRow | undefined> {
  const [row] = await db.select().from(questions).where(eq(questions.id, questionId));
  return row;
}

/** Writes new sorts (one statement per changed row; quizzes hold tens of questions). */
export async function writeQuestionSorts(
  db: DbOrTx,
  changes: readonly SiblingPosition[],
): Promise<void> {
  for (const change of changes) {
    await db.update(questions).set({ sort: change.sort }).where(eq(questions.id, change.id));
  }
}

/** A quiz's questions with their answer ids, as the condition rules need them. */
export interface RuleQuestion {
  id: number;
  sort: number;
  type: QuestionType;
  config: QuestionConfig;
  answers: { id: number }[];
}

export async function listRuleQuestions(db: DbOrTx, quizId: number): Promise<RuleQuestion[]> {
  const rows = await listQuestions(db, quizId);
  const ids = rows.map((row) => row.id);
  const answerRows =
    ids.length === 0
      ? []
      : await db
          .select({ id: answers.id, questionId: answers.questionId })
          .from(answers)
          .where(inArray(answers.questionId, ids));
  return rows.map((row) => ({
    id: row.id,
    sort: row.sort,
    type: row.type,
    config: row.config,
    answers: answerRows.filter((answer) => answer.questionId === row.id).map(({ id }) => ({ id })),
  }));
}

/** The number of questions of a quiz (for "New question {n}"). */
export async function countQuestions(db: DbOrTx, quizId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(questions)
    .where(eq(questions.quizId, quizId));
  return row?.count ?? 0;
}

/** The quiz's language (languagelist id), for the default texts. */
export async function findQuizLanguage(db: DbOrTx, quizId: number): Promise<number> {
  const [row] = await db
    .select({ language: quizzes.language })
    .from(quizzes)
    .where(eq(quizzes.id, quizId));
  return row?.language ?? 2;
}

/**
 * The owned question read again under the quiz lock (lockQuiz), so that what the change
 * is based on cannot move under it; undefined when it is not the user's or just went.
 */
export async function lockOwnedQuestion(
  tx: DbOrTx,
  userId: number,
  questionId: number,
): Promise<QuestionRow | undefined> {
  const owned = await findOwnedQuestion(tx, userId, questionId);
  if (!owned) return undefined;
  await lockQuiz(tx, owned.quizId);
  return findQuestion(tx, questionId);
}
