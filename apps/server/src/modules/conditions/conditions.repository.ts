import { and, asc, eq, ne } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  projects,
  questionConditions,
  questions,
  quizzes,
  resultConditions,
  results,
} from "../../db/schema";
import { type ConditionColumns, copiedConditionColumns } from "../../lib/condition-rows";
import { quizOwnedBy } from "../../policies/ownership";

/**
 * Conditions of either owner: a question (logic: whether it is shown) or a result (whether
 * it is eligible). Both tables have the same condition columns (`conditionColumns()` in
 * db/schema/questions.ts) and differ only in their owner, so each query is written once and
 * told which table by the owner kind.
 */
export type ConditionOwnerKind = "question" | "result";

const owners = {
  question: {
    conditions: questionConditions,
    conditionOwner: questionConditions.questionId,
    table: questions,
    quizId: questions.quizId,
  },
  result: {
    conditions: resultConditions,
    conditionOwner: resultConditions.resultId,
    table: results,
    quizId: results.quizId,
  },
} as const;

/** A stored condition of either owner: its columns, its id and its owner's id. */
export type ConditionRow = ConditionColumns & { id: number; ownerId: number };

function rowOf(
  row: typeof questionConditions.$inferSelect | typeof resultConditions.$inferSelect,
): ConditionRow {
  const ownerId = "questionId" in row ? row.questionId : row.resultId;
  return { id: row.id, ownerId, ...copiedConditionColumns(row) };
}

/** The owner (a question or a result) and its quiz, when the user owns the quiz (live). */
export async function findOwnedOwner(
  db: DbOrTx,
  kind: ConditionOwnerKind,
  userId: number,
  ownerId: number,
): Promise<{ ownerId: number; quizId: number } | undefined> {
  const owner = owners[kind];
  const rows = await db
    .select({ ownerId: owner.table.id, quizId: owner.quizId })
    .from(owner.table)
    .innerJoin(quizzes, eq(quizzes.id, owner.quizId))
    .innerJoin(projects, eq(projects.id, quizzes.projectId))
    .where(and(eq(owner.table.id, ownerId), quizOwnedBy(userId)))
    .limit(1);
  return rows[0];
}

/** The condition and its owner's quiz, when the user owns the quiz (live). */
export async function findOwnedCondition(
  db: DbOrTx,
  kind: ConditionOwnerKind,
  userId: number,
  conditionId: number,
): Promise<{ condition: ConditionRow; quizId: number } | undefined> {
  const owner = owners[kind];
  const rows = await db
    .select({ condition: owner.conditions, quizId: owner.quizId })
    .from(owner.conditions)
    .innerJoin(owner.table, eq(owner.table.id, owner.conditionOwner))
    .innerJoin(quizzes, eq(quizzes.id, owner.quizId))
    .innerJoin(projects, eq(projects.id, quizzes.projectId))
    .where(and(eq(owner.conditions.id, conditionId), quizOwnedBy(userId)))
    .limit(1);
  const found = rows[0];
  return found && { condition: rowOf(found.condition), quizId: found.quizId };
}

/**
 * Locks the owner's rows until the transaction ends, so that two identical conditions are
 * never added at once: a question's whole quiz (its rules look at the order of the
 * questions), a result's own row.
 */
export async function lockOwner(
  tx: DbOrTx,
  kind: ConditionOwnerKind,
  owner: { ownerId: number; quizId: number },
): Promise<void> {
  if (kind === "question") {
    await tx
      .select({ id: quizzes.id })
      .from(quizzes)
      .where(eq(quizzes.id, owner.quizId))
      .for("update");
  } else {
    await tx
      .select({ id: results.id })
      .from(results)
      .where(eq(results.id, owner.ownerId))
      .for("update");
  }
}

/** An owner's conditions (but `exceptId`); they have no sort, so in creation order. */
export async function listConditions(
  db: DbOrTx,
  kind: ConditionOwnerKind,
  ownerId: number,
  exceptId?: number,
): Promise<ConditionRow[]> {
  const owner = owners[kind];
  const rows = await db
    .select()
    .from(owner.conditions)
    .where(
      and(
        eq(owner.conditionOwner, ownerId),
        exceptId === undefined ? undefined : ne(owner.conditions.id, exceptId),
      ),
    )
    .orderBy(asc(owner.conditions.id));
  return rows.map(rowOf);
}

/** Inserts conditions onto one owner; answers the rows in the order given. */
export async function insertConditions(
  db: DbOrTx,
  kind: ConditionOwnerKind,
  ownerId: number,
  values: readonly ConditionColumns[],
): Promise<ConditionRow[]> {
  if (values.length === 0) return [];
  const rows =
    kind === "question"
      ? await db
          .insert(questionConditions)
          .values(values.map((columns) => ({ ...columns, questionId: ownerId })))
          .returning()
      : await db
          .insert(resultConditions)
          .values(values.map((columns) => ({ ...columns, resultId: ownerId })))
          .returning();
  return rows.map(rowOf);
}

export async function updateCondition(
  db: DbOrTx,
  kind: ConditionOwnerKind,
  conditionId: number,
  columns: ConditionColumns,
): Promise<ConditionRow> {
  const { conditions } = owners[kind];
  const [row] = await db
    .update(conditions)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(conditions.id, conditionId))
    .returning();
  if (!row) throw new Error(`${kind} condition ${conditionId} vanished during its update`);
  return rowOf(row);
}

export async function deleteCondition(
  db: DbOrTx,
  kind: ConditionOwnerKind,
  conditionId: number,
): Promise<void> {
  const { conditions } = owners[kind];
  await db.delete(conditions).where(eq(conditions.id, conditionId));
}

/** Copies an owner's conditions onto another owner of the same quiz (a question or result copy). */
export async function copyConditions(
  db: DbOrTx,
  kind: ConditionOwnerKind,
  fromOwnerId: number,
  toOwnerId: number,
): Promise<void> {
  const rows = await listConditions(db, kind, fromOwnerId);
  await insertConditions(
    db,
    kind,
    toOwnerId,
    rows.map((row) => copiedConditionColumns(row)),
  );
}
