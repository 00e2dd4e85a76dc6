import {
  type Addition,
  type AdditionCreate,
  type AdditionType,
  type AdditionUpdate,
  additionSettingsDefaults,
  additionSettingsSchemas,
  typedAdditionSettings,
} from "@leadquiz/contract";
import type { AppContext } from "../../app-context";
import type { DbOrTx } from "../../db/client";
import { AppError, FieldErrors } from "../../lib/app-error";
import { schemaFieldErrors } from "../../lib/field-errors";
import { applyMergePatch } from "../../lib/json-merge-patch";
import { reorderSiblings } from "../../lib/sibling-order";
import { bumpDraftVersion, findOwnedQuizId } from "../quiz-access";
import {
  type AdditionRow,
  additionPositions,
  deleteAddition,
  findOwnedAddition,
  insertAddition,
  listAdditions,
  lockQuizAdditions,
  setAdditionSorts,
  updateAddition,
} from "./additions.repository";

type StoredSettings = AdditionRow["settings"];

/**
 * Additions of a quiz (bonus, discount, consultant). A quiz has at most one addition of
 * each type (the runtime shows one bonus, one discount, one consultant): a second is a 400
 * on `type`. Settings are stored as the keys set so far and answered with the type's
 * defaults (`additionSettingsDefaults`) filled in; a PATCH merges them and re-checks the
 * whole settings object with the type's schema (keys of other types are dropped).
 */
export function createAdditionsService({ db }: Pick<AppContext, "db">) {
  return {
    async list(userId: number, quizId: number): Promise<Addition[]> {
      if ((await findOwnedQuizId(db, userId, quizId)) === undefined) {
        throw new AppError("not_found");
      }
      return (await listAdditions(db, quizId)).map(presentAddition);
    },

    async create(userId: number, body: AdditionCreate): Promise<Addition> {
      return db.transaction(async (tx) => {
        if ((await findOwnedQuizId(tx, userId, body.quiz)) === undefined) {
          throw new AppError("not_found");
        }
        await lockQuizAdditions(tx, body.quiz);
        if ((await listAdditions(tx, body.quiz)).some((addition) => addition.type === body.type)) {
          throw new FieldErrors({ type: ["type_taken"] });
        }
        const settings = checkedSettings(body.type, { ...(body.settings ?? {}) });
        const row = await insertAddition(tx, {
          quizId: body.quiz,
          type: body.type,
          enabled: body.enabled,
          display: body.display,
          // A new addition stores its defaults outright (they are what the owner saw).
          settings: { ...additionSettingsDefaults[body.type], ...settings },
        });
        const placed = await place(tx, row, body.sort);
        await bumpDraftVersion(tx, body.quiz);
        return presentAddition(placed);
      });
    },

    async update(userId: number, additionId: number, body: AdditionUpdate): Promise<Addition> {
      return db.transaction(async (tx) => {
        const current = await findOwnedAddition(tx, userId, additionId);
        if (!current) throw new AppError("not_found");
        await lockQuizAdditions(tx, current.quizId);
        const type = current.type;
        let row = await updateAddition(tx, current.id, {
          enabled: body.enabled,
          display: body.display,
          image: body.image === null ? null : undefined,
          settings:
            body.settings === undefined
              ? undefined
              : checkedSettings(type, applyMergePatch(current.settings, body.settings)),
        });
        if (body.sort !== undefined) row = await place(tx, row, body.sort);
        await bumpDraftVersion(tx, current.quizId);
        return presentAddition(row);
      });
    },

    async remove(userId: number, additionId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await findOwnedAddition(tx, userId, additionId);
        if (!current) throw new AppError("not_found");
        await lockQuizAdditions(tx, current.quizId);
        await deleteAddition(tx, current.id);
        await setAdditionSorts(
          tx,
          reorderSiblings(await additionPositions(tx, current.quizId), null),
        );
        await bumpDraftVersion(tx, current.quizId);
      });
    },
  };
}

export function presentAddition(row: AdditionRow): Addition {
  const base = {
    id: row.id,
    quiz: row.quizId,
    sort: row.sort,
    image: row.image,
    enabled: row.enabled,
    display: row.display,
  };
  return { ...base, ...typedAdditionSettings(row.type, row.settings) };
}

/**
 * The settings keys of `type` in `settings`, checked with the type's full schema (the
 * defaults fill what is missing); 400 on `settings.<key>` otherwise. Answers the keys to
 * store (those set, of this type only).
 */
function checkedSettings(type: AdditionType, settings: Record<string, unknown>): StoredSettings {
  const schema = additionSettingsSchemas[type];
  const own = Object.fromEntries(Object.entries(settings).filter(([key]) => key in schema.shape));
  const parsed = schema.safeParse({ ...additionSettingsDefaults[type], ...own });
  if (!parsed.success) {
    throw schemaFieldErrors(parsed.error.issues, { prefix: ["settings"] });
  }
  const data: Record<string, unknown> = parsed.data;
  return Object.fromEntries(Object.keys(own).map((key) => [key, data[key]])) as StoredSettings;
}

/** The stored keys that belong to `type` (a row never holds others, but be strict). */
async function place(db: DbOrTx, row: AdditionRow, target: number | undefined) {
  const changes = reorderSiblings(await additionPositions(db, row.quizId), row.id, target);
  await setAdditionSorts(db, changes);
  const own = changes.find((change) => change.id === row.id);
  return own ? { ...row, sort: own.sort } : row;
}
