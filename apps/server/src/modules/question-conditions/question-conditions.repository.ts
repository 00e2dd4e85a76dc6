import type { QuestionCondition } from "@leadquiz/contract";
import { and, asc, eq } from "drizzle-orm";
import type { Changes } from "../../db/changes";
import type { DbOrTx } from "../../db/client";
import { projects, questionConditions, questions, quizzes } from "../../db/schema";
import { quizOwnedBy } from "../../policies/ownership";

export type QuestionConditionRow = typeof questionConditions.$inferSelect;
export type QuestionConditionInsert = typeof questionConditions.$inferInsert;

/** The API shape of a question condition row. */
export function presentQuestionCondition(row: QuestionConditionRow): QuestionCondition {
  return {
    id: row.id,
    question: row.questionId,
    ref_question: row.refQuestionId,
    kind: row.kind,
    answers: row.answers,
    answers_include: row.answersInclude,
    answers_operator: row.answersOperator,
    number_operator: row.numberOperator,
    number_from: row.numberFrom,
    number_to: row.numberTo,
    range_operator: row.rangeOperator,
    range_from: row.rangeFrom ?? null,
    range_to: row.rangeTo ?? null,
  };
}

/** The condition and its quiz, when the quiz belongs to the user and is live. */
export async function findOwnedQuestionCondition(
  db: DbOrTx,
  userId: number,
  conditionId: number,
): Promise<{ condition: QuestionConditionRow; quizId: number } | undefined> {
  const rows = await db
    .select({ condition: questionConditions, quizId: questions.quizId })
    .from(questionConditions)
    .innerJoin(questions, eq(questions.id, questionConditions.questionId))
    .innerJoin(quizzes, eq(quizzes.id, questions.quizId))
    .innerJoin(projects, eq(projects.id, quizzes.projectId))
    .where(and(eq(questionConditions.id, conditionId), quizOwnedBy(userId)))
    .limit(1);
  return rows[0];
}

/** A question's conditions; they have no sort, so in creation order. */
export async function listQuestionConditions(
  db: DbOrTx,
  questionId: number,
): Promise<QuestionConditionRow[]> {
  return db
    .select()
    .from(questionConditions)
    .where(eq(questionConditions.questionId, questionId))
    .orderBy(asc(questionConditions.id));
}

export async function insertQuestionCondition(
  db: DbOrTx,
  values: QuestionConditionInsert,
): Promise<QuestionConditionRow> {
  const [row] = await db.insert(questionConditions).values(values).returning();
  if (!row) throw new Error("insert into question_conditions returned no row");
  return row;
}

export async function updateQuestionCondition(
  db: DbOrTx,
  conditionId: number,
  changes: Changes<QuestionConditionInsert>,
): Promise<QuestionConditionRow> {
  const [row] = await db
    .update(questionConditions)
    .set(changes)
    .where(eq(questionConditions.id, conditionId))
    .returning();
  if (!row) throw new Error(`question condition ${conditionId} vanished during its update`);
  return row;
}

export async function deleteQuestionCondition(db: DbOrTx, conditionId: number): Promise<void> {
  await db.delete(questionConditions).where(eq(questionConditions.id, conditionId));
}

/** Copies a question's conditions onto another question (question copy). */
export async function copyQuestionConditions(
  db: DbOrTx,
  fromQuestionId: number,
  toQuestionId: number,
): Promise<void> {
  const rows = await listQuestionConditions(db, fromQuestionId);
  if (rows.length === 0) return;
  await db.insert(questionConditions).values(
    rows.map(({ id: _id, createdAt: _created, updatedAt: _updated, ...row }) => ({
      ...row,
      questionId: toQuestionId,
    })),
  );
}
