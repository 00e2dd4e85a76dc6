import type { QuestionType } from "@leadquiz/engine";
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { Changes } from "../../db/changes";
import type { DbOrTx } from "../../db/client";
import { answers, projects, questions, quizzes, resultConditions, results } from "../../db/schema";
import { quizOwnedBy } from "../../policies/ownership";

export type ResultConditionRow = typeof resultConditions.$inferSelect;
export type NewResultConditionRow = typeof resultConditions.$inferInsert;

/** A question of the quiz as the condition rules need it. */
export interface RuleQuestionRow {
  id: number;
  type: QuestionType;
  sort: number;
  config: (typeof questions.$inferSelect)["config"];
  answers: { id: number }[];
}

/** The quiz of a result the user owns (live); undefined otherwise. */
export async function findOwnedResultQuiz(
  db: DbOrTx,
  userId: number,
  resultId: number,
): Promise<{ resultId: number; quizId: number } | undefined> {
  const rows = await db
    .select({ resultId: results.id, quizId: results.quizId })
    .from(results)
    .innerJoin(quizzes, eq(quizzes.id, results.quizId))
    .innerJoin(projects, eq(projects.id, quizzes.projectId))
    .where(and(eq(results.id, resultId), quizOwnedBy(userId)))
    .limit(1);
  return rows[0];
}

/** A result condition the user owns, with its result's quiz; undefined otherwise. */
export async function findOwnedResultCondition(
  db: DbOrTx,
  userId: number,
  conditionId: number,
): Promise<{ condition: ResultConditionRow; quizId: number } | undefined> {
  const rows = await db
    .select({ condition: resultConditions, quizId: results.quizId })
    .from(resultConditions)
    .innerJoin(results, eq(results.id, resultConditions.resultId))
    .innerJoin(quizzes, eq(quizzes.id, results.quizId))
    .innerJoin(projects, eq(projects.id, quizzes.projectId))
    .where(and(eq(resultConditions.id, conditionId), quizOwnedBy(userId)))
    .limit(1);
  return rows[0];
}

export async function listResultConditions(
  db: DbOrTx,
  resultId: number,
  exceptId?: number,
): Promise<ResultConditionRow[]> {
  return db
    .select()
    .from(resultConditions)
    .where(
      and(
        eq(resultConditions.resultId, resultId),
        exceptId === undefined ? undefined : ne(resultConditions.id, exceptId),
      ),
    )
    .orderBy(asc(resultConditions.id));
}

/** The quiz's questions with their answer ids. */
export async function ruleQuestions(db: DbOrTx, quizId: number): Promise<RuleQuestionRow[]> {
  const questionRows = await db
    .select({
      id: questions.id,
      type: questions.type,
      sort: questions.sort,
      config: questions.config,
    })
    .from(questions)
    .where(eq(questions.quizId, quizId));
  if (questionRows.length === 0) return [];
  const answerRows = await db
    .select({ id: answers.id, questionId: answers.questionId })
    .from(answers)
    .where(
      inArray(
        answers.questionId,
        questionRows.map((row) => row.id),
      ),
    );
  return questionRows.map((row) => ({
    ...row,
    answers: answerRows.filter((answer) => answer.questionId === row.id).map(({ id }) => ({ id })),
  }));
}

export async function insertResultCondition(
  db: DbOrTx,
  values: NewResultConditionRow,
): Promise<ResultConditionRow> {
  const rows = await db.insert(resultConditions).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error("result condition not inserted");
  return row;
}

export async function updateResultCondition(
  db: DbOrTx,
  conditionId: number,
  changes: Changes<NewResultConditionRow>,
): Promise<ResultConditionRow> {
  const rows = await db
    .update(resultConditions)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(resultConditions.id, conditionId))
    .returning();
  const row = rows[0];
  if (!row) throw new Error("result condition not updated");
  return row;
}

export async function deleteResultCondition(db: DbOrTx, conditionId: number): Promise<void> {
  await db.delete(resultConditions).where(eq(resultConditions.id, conditionId));
}

/** Locks the result row until the transaction ends (no two identical conditions at once). */
export async function lockResult(db: DbOrTx, resultId: number): Promise<void> {
  await db.select({ id: results.id }).from(results).where(eq(results.id, resultId)).for("update");
}
