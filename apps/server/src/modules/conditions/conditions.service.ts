import {
  conditionBodySchema,
  type QuestionCondition,
  type QuestionConditionCreate,
  type QuestionConditionUpdate,
  type ResultCondition,
  type ResultConditionCreate,
} from "@leadquiz/contract";
import {
  type CompleteCondition,
  type ConditionErrors,
  type ConditionRuleInput,
  type ConditionRuleQuestion,
  completeCondition,
  validateConditionReference,
  validateQuestionCondition,
} from "@leadquiz/engine";
import type { AppContext } from "../../app-context";
import type { DbOrTx } from "../../db/client";
import { AppError, FieldErrors } from "../../lib/app-error";
import { columnsOfCondition, conditionOfRow } from "../../lib/condition-rows";
import { schemaFieldErrors } from "../../lib/field-errors";
import { listRuleQuestions } from "../questions";
import { bumpDraftVersion } from "../quiz-access";
import {
  type ConditionOwnerKind,
  type ConditionRow,
  deleteCondition,
  findOwnedCondition,
  findOwnedOwner,
  insertConditions,
  listConditions,
  lockOwner,
  updateCondition,
} from "./conditions.repository";

/** The API's shapes of each owner's conditions (packages/contract conditions.ts). */
interface OwnerShapes {
  question: { condition: QuestionCondition; create: QuestionConditionCreate };
  result: { condition: ResultCondition; create: ResultConditionCreate };
}

/** What differs between the owners beyond their table: the owner field and the rules. */
interface ApiOwner<Kind extends ConditionOwnerKind> {
  ownerOf(body: OwnerShapes[Kind]["create"]): number;
  present(row: ConditionRow): OwnerShapes[Kind]["condition"];
  rules(
    ownerId: number,
    condition: ConditionRuleInput,
    questions: readonly ConditionRuleQuestion[],
    others: readonly ConditionRuleInput[],
  ): ConditionErrors;
}

const apiOwners: { [Kind in ConditionOwnerKind]: ApiOwner<Kind> } = {
  question: {
    ownerOf: (body) => body.question,
    present: (row) => {
      const { id, ...condition } = conditionOfRow(row);
      return { id, question: row.ownerId, ...condition };
    },
    // Not on the first question, and on an earlier one (then the rules of the reference).
    rules: validateQuestionCondition,
  },
  result: {
    ownerOf: (body) => body.result,
    present: (row) => {
      const { id, ...condition } = conditionOfRow(row);
      return { id, result: row.ownerId, ...condition };
    },
    rules: (_resultId, condition, questions, others) =>
      validateConditionReference(condition, questions, others),
  },
};

export type ConditionsService<Kind extends ConditionOwnerKind> = ReturnType<
  typeof createConditionsService<Kind>
>;

/**
 * Conditions of a question (logic) or of a result (docs/api.md "Quiz content"): read,
 * list, create, update, delete. Every create and update checks the engine's rules on the
 * whole (merged) condition: the reference is a question of the quiz that supports the
 * kind, the answers are its own, range bounds have its form, no duplicate on the same
 * owner; a question's condition is not on the first question and refers to an earlier one.
 * Every change bumps the quiz draft.
 */
export function createConditionsService<Kind extends ConditionOwnerKind>(
  ctx: Pick<AppContext, "db">,
  kind: Kind,
) {
  const owner: ApiOwner<Kind> = apiOwners[kind];

  /** The owned condition read again under its owner's lock; undefined when not the user's or gone. */
  async function lockOwnedCondition(tx: DbOrTx, userId: number, conditionId: number) {
    const owned = await findOwnedCondition(tx, kind, userId, conditionId);
    if (!owned) return undefined;
    await lockOwner(tx, kind, { ownerId: owned.condition.ownerId, quizId: owned.quizId });
    return findOwnedCondition(tx, kind, userId, conditionId);
  }

  /** The engine's rules; 400 per field (non_field_errors for a duplicate). */
  async function checkRules(
    tx: DbOrTx,
    target: { ownerId: number; quizId: number },
    condition: CompleteCondition,
    selfId?: number,
  ): Promise<void> {
    const questions = await listRuleQuestions(tx, target.quizId);
    const others = (await listConditions(tx, kind, target.ownerId, selfId)).map(conditionOfRow);
    const errors = owner.rules(target.ownerId, condition, questions, others);
    const fields = Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, [key]]));
    if (Object.keys(fields).length > 0) throw new FieldErrors(fields);
  }

  return {
    async get(userId: number, conditionId: number): Promise<OwnerShapes[Kind]["condition"]> {
      const owned = await findOwnedCondition(ctx.db, kind, userId, conditionId);
      if (!owned) throw new AppError("not_found");
      return owner.present(owned.condition);
    },

    async list(userId: number, ownerId: number): Promise<OwnerShapes[Kind]["condition"][]> {
      const found = await findOwnedOwner(ctx.db, kind, userId, ownerId);
      if (!found) throw new AppError("not_found");
      return (await listConditions(ctx.db, kind, ownerId)).map(owner.present);
    },

    async create(
      userId: number,
      body: OwnerShapes[Kind]["create"],
    ): Promise<OwnerShapes[Kind]["condition"]> {
      return ctx.db.transaction(async (tx) => {
        const ownerId = owner.ownerOf(body);
        const found = await findOwnedOwner(tx, kind, userId, ownerId);
        if (!found) throw new AppError("not_found");
        await lockOwner(tx, kind, found);
        const target = await findOwnedOwner(tx, kind, userId, ownerId);
        if (!target) throw new AppError("not_found");
        const condition = completeCondition(body);
        await checkRules(tx, target, condition);
        const [row] = await insertConditions(tx, kind, ownerId, [columnsOfCondition(condition)]);
        if (!row) throw new Error(`insert of a ${kind} condition returned no row`);
        await bumpDraftVersion(tx, target.quizId);
        return owner.present(row);
      });
    },

    async update(
      userId: number,
      conditionId: number,
      body: QuestionConditionUpdate,
    ): Promise<OwnerShapes[Kind]["condition"]> {
      return ctx.db.transaction(async (tx) => {
        const owned = await lockOwnedCondition(tx, userId, conditionId);
        if (!owned) throw new AppError("not_found");
        const { id: _id, ...stored } = conditionOfRow(owned.condition);
        const parsed = conditionBodySchema.safeParse({ ...stored, ...definedOnly(body) });
        if (!parsed.success) throw schemaFieldErrors(parsed.error.issues);
        const condition = completeCondition(parsed.data);
        const target = { ownerId: owned.condition.ownerId, quizId: owned.quizId };
        await checkRules(tx, target, condition, conditionId);
        const row = await updateCondition(tx, kind, conditionId, columnsOfCondition(condition));
        await bumpDraftVersion(tx, owned.quizId);
        return owner.present(row);
      });
    },

    async remove(userId: number, conditionId: number): Promise<void> {
      await ctx.db.transaction(async (tx) => {
        const owned = await lockOwnedCondition(tx, userId, conditionId);
        if (!owned) throw new AppError("not_found");
        await deleteCondition(tx, kind, conditionId);
        await bumpDraftVersion(tx, owned.quizId);
      });
    },
  };
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => field !== undefined),
  ) as Partial<T>;
}
