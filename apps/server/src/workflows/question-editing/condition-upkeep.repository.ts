import type { QuestionConfig, QuestionType } from "@leadquiz/contract";
import { type ConditionKind, supportedConditionKinds } from "@leadquiz/engine";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";

/**
 * Keeps the conditions that reference a question (question conditions and result
 * conditions alike) true to it when the question or its answers change. Each function runs
 * inside the caller's transaction.
 */

const CONDITION_TABLES = [sql.raw("question_conditions"), sql.raw("result_conditions")];

async function inBothTables(db: DbOrTx, statement: (table: SQL) => SQL): Promise<void> {
  for (const table of CONDITION_TABLES) await db.execute(statement(table));
}

/**
 * An answer is deleted: its id leaves every condition on its question, and an `answers`
 * condition left without answers is deleted.
 */
export async function dropAnswerFromConditions(
  db: DbOrTx,
  refQuestionId: number,
  answerId: number,
): Promise<void> {
  await inBothTables(
    db,
    (table) => sql`update ${table} set answers = array_remove(answers, ${answerId}::integer),
      updated_at = now()
      where ref_question_id = ${refQuestionId} and ${answerId}::integer = any(answers)`,
  );
  await inBothTables(
    db,
    (table) => sql`delete from ${table}
      where ref_question_id = ${refQuestionId} and kind = 'answers' and cardinality(answers) = 0`,
  );
}

/**
 * The question's answers were all replaced (type change): conditions on its answers can no
 * longer hold and are deleted.
 */
export async function dropAnswerConditions(db: DbOrTx, refQuestionId: number): Promise<void> {
  await inBothTables(
    db,
    (table) =>
      sql`delete from ${table} where ref_question_id = ${refQuestionId} and kind = 'answers'`,
  );
}

/**
 * The question's type or config changed: conditions of a kind it no longer supports (see
 * the engine's supportedConditionKinds) are deleted.
 */
export async function dropUnsupportedConditions(
  db: DbOrTx,
  question: { id: number; type: QuestionType; config: QuestionConfig },
): Promise<void> {
  const supported: ConditionKind[] = supportedConditionKinds(question);
  const kept =
    supported.length === 0
      ? sql`''`
      : sql.join(
          supported.map((kind) => sql`${kind}`),
          sql`, `,
        );
  await inBothTables(
    db,
    (table) => sql`delete from ${table}
      where ref_question_id = ${question.id} and kind not in (${kept})`,
  );
}

/** multi_answers went from true to false: every AND over the question's answers becomes OR. */
export async function relaxAndToOr(db: DbOrTx, refQuestionId: number): Promise<void> {
  await inBothTables(
    db,
    (table) => sql`update ${table} set answers_operator = 'or', updated_at = now()
      where ref_question_id = ${refQuestionId} and answers_operator = 'and'`,
  );
}

/**
 * After a reorder: question conditions whose referenced question no longer comes before
 * their question (by sort, then id) are deleted — the editor warns that reordering may lose
 * logic (docs/product.md "Question order and logic"). Result conditions have no order and stay.
 */
export async function dropConditionsOnLaterQuestions(db: DbOrTx, quizId: number): Promise<void> {
  await db.execute(sql`delete from question_conditions c
    using questions q, questions r
    where c.question_id = q.id and c.ref_question_id = r.id and q.quiz_id = ${quizId}
      and (r.sort, r.id) >= (q.sort, q.id)`);
}
