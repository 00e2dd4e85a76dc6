import type { FormField, FormFieldCreate, FormFieldUpdate } from "@leadquiz/contract";
import type { AppContext } from "../../app-context";
import type { DbOrTx } from "../../db/client";
import { AppError, FieldErrors } from "../../lib/app-error";
import { reorderSiblings } from "../../lib/sibling-order";
import { bumpDraftVersion, findOwnedQuizId } from "../quiz-access";
import {
  deleteFormField,
  type FormFieldRow,
  findOwnedFormField,
  formFieldPositions,
  insertFormField,
  listFormFields,
  lockQuizFields,
  setFormFieldSorts,
  updateFormField,
} from "./form-fields.repository";

/**
 * Fields of a quiz's contact form. Each type is one contact of a lead (name, phone, e-mail,
 * other, other 2), so a quiz has at most one field of each type: a second is a 400 on
 * `type` ("type_taken"). New fields go last unless `sort` names a position; deleting
 * renumbers the others.
 */
export function createFormFieldsService({ db }: Pick<AppContext, "db">) {
  return {
    async list(userId: number, quizId: number): Promise<FormField[]> {
      if ((await findOwnedQuizId(db, userId, quizId)) === undefined) {
        throw new AppError("not_found");
      }
      return (await listFormFields(db, quizId)).map(presentFormField);
    },

    async get(userId: number, fieldId: number): Promise<FormField> {
      return presentFormField(await requireField(db, userId, fieldId));
    },

    async create(userId: number, body: FormFieldCreate): Promise<FormField> {
      return db.transaction(async (tx) => {
        if ((await findOwnedQuizId(tx, userId, body.quiz)) === undefined) {
          throw new AppError("not_found");
        }
        await lockQuizFields(tx, body.quiz);
        await assertTypeFree(tx, body.quiz, body.type);
        const row = await insertFormField(tx, {
          quizId: body.quiz,
          type: body.type,
          label: body.label,
          placeholder: body.placeholder,
          required: body.required,
          enabled: body.enabled,
        });
        const placed = await place(tx, row, body.sort);
        await bumpDraftVersion(tx, body.quiz);
        return presentFormField(placed);
      });
    },

    async update(userId: number, fieldId: number, body: FormFieldUpdate): Promise<FormField> {
      return db.transaction(async (tx) => {
        const current = await requireField(tx, userId, fieldId);
        await lockQuizFields(tx, current.quizId);
        if (body.type !== undefined && body.type !== current.type) {
          await assertTypeFree(tx, current.quizId, body.type);
        }
        let row = await updateFormField(tx, current.id, {
          type: body.type,
          label: body.label,
          placeholder: body.placeholder,
          required: body.required,
          enabled: body.enabled,
        });
        if (body.sort !== undefined) row = await place(tx, row, body.sort);
        await bumpDraftVersion(tx, current.quizId);
        return presentFormField(row);
      });
    },

    async remove(userId: number, fieldId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await requireField(tx, userId, fieldId);
        await lockQuizFields(tx, current.quizId);
        await deleteFormField(tx, current.id);
        await setFormFieldSorts(
          tx,
          reorderSiblings(await formFieldPositions(tx, current.quizId), null),
        );
        await bumpDraftVersion(tx, current.quizId);
      });
    },
  };
}

export function presentFormField(row: FormFieldRow): FormField {
  return {
    id: row.id,
    quiz: row.quizId,
    sort: row.sort,
    type: row.type,
    label: row.label,
    placeholder: row.placeholder,
    required: row.required,
    enabled: row.enabled,
  };
}

async function requireField(db: DbOrTx, userId: number, fieldId: number): Promise<FormFieldRow> {
  const row = await findOwnedFormField(db, userId, fieldId);
  if (!row) throw new AppError("not_found");
  return row;
}

async function assertTypeFree(db: DbOrTx, quizId: number, type: number): Promise<void> {
  const fields = await listFormFields(db, quizId);
  if (fields.some((field) => field.type === type)) throw new FieldErrors({ type: ["type_taken"] });
}

async function place(db: DbOrTx, row: FormFieldRow, target: number | undefined) {
  const changes = reorderSiblings(await formFieldPositions(db, row.quizId), row.id, target);
  await setFormFieldSorts(db, changes);
  const own = changes.find((change) => change.id === row.id);
  return own ? { ...row, sort: own.sort } : row;
}
