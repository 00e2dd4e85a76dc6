import { and, asc, eq } from "drizzle-orm";
import type { Changes } from "../../db/changes";
import type { DbOrTx } from "../../db/client";
import { formFields, projects, quizzes } from "../../db/schema";
import type { SiblingPosition } from "../../lib/sibling-order";
import { quizOwnedBy } from "../../policies/ownership";

export type FormFieldRow = typeof formFields.$inferSelect;
export type NewFormFieldRow = typeof formFields.$inferInsert;

export async function listFormFields(db: DbOrTx, quizId: number): Promise<FormFieldRow[]> {
  return db
    .select()
    .from(formFields)
    .where(eq(formFields.quizId, quizId))
    .orderBy(asc(formFields.sort), asc(formFields.id));
}

/** A form field of a live quiz the user owns; undefined otherwise. */
export async function findOwnedFormField(
  db: DbOrTx,
  userId: number,
  fieldId: number,
): Promise<FormFieldRow | undefined> {
  const rows = await db
    .select({ field: formFields })
    .from(formFields)
    .innerJoin(quizzes, eq(quizzes.id, formFields.quizId))
    .innerJoin(projects, eq(projects.id, quizzes.projectId))
    .where(and(eq(formFields.id, fieldId), quizOwnedBy(userId)))
    .limit(1);
  return rows[0]?.field;
}

/** Serialises changes of one quiz's fields until the transaction ends. */
export async function lockQuizFields(db: DbOrTx, quizId: number): Promise<void> {
  await db.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.id, quizId)).for("update");
}

export async function formFieldPositions(db: DbOrTx, quizId: number): Promise<SiblingPosition[]> {
  return db
    .select({ id: formFields.id, sort: formFields.sort })
    .from(formFields)
    .where(eq(formFields.quizId, quizId))
    .orderBy(asc(formFields.sort), asc(formFields.id));
}

export async function setFormFieldSorts(db: DbOrTx, changes: readonly SiblingPosition[]) {
  for (const change of changes) {
    await db.update(formFields).set({ sort: change.sort }).where(eq(formFields.id, change.id));
  }
}

export async function insertFormField(db: DbOrTx, values: NewFormFieldRow): Promise<FormFieldRow> {
  const rows = await db.insert(formFields).values(values).returning();
  const row = rows[0];
  if (!row) throw new Error("form field not inserted");
  return row;
}

export async function updateFormField(
  db: DbOrTx,
  fieldId: number,
  changes: Changes<NewFormFieldRow>,
): Promise<FormFieldRow> {
  const rows = await db
    .update(formFields)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(formFields.id, fieldId))
    .returning();
  const row = rows[0];
  if (!row) throw new Error("form field not updated");
  return row;
}

export async function deleteFormField(db: DbOrTx, fieldId: number): Promise<void> {
  await db.delete(formFields).where(eq(formFields.id, fieldId));
}
