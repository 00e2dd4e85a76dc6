import {
  conditionBodySchema,
  type ResultCondition,
  type ResultConditionCreate,
  type ResultConditionUpdate,
} from "@leadquiz/contract";
import { type ConditionRuleInput, validateConditionReference } from "@leadquiz/engine";
import type { AppContext } from "../../app-context";
import type { DbOrTx } from "../../db/client";
import { AppError, FieldErrors } from "../../lib/app-error";
import { schemaFieldErrors } from "../../lib/field-errors";
import { bumpDraftVersion } from "../quiz-access";
import {
  deleteResultCondition,
  findOwnedResultCondition,
  findOwnedResultQuiz,
  insertResultCondition,
  listResultConditions,
  lockResult,
  type NewResultConditionRow,
  type ResultConditionRow,
  ruleQuestions,
  updateResultCondition,
} from "./result-conditions.repository";

type ConditionBody = Omit<ResultConditionCreate, "result">;

/**
 * Conditions of a result (docs/api.md "Quiz content"): the shape of a question condition on a
 * result. Rules (packages/engine validateConditionReference): `ref_question` is a question
 * of the result's quiz, its type supports the kind, the answers are its own, range bounds
 * have its form, and the same condition does not exist on the result already.
 */
export function createResultConditionsService({ db }: Pick<AppContext, "db">) {
  return {
    async list(userId: number, resultId: number): Promise<ResultCondition[]> {
      const owned = await findOwnedResultQuiz(db, userId, resultId);
      if (!owned) throw new AppError("not_found");
      return (await listResultConditions(db, resultId)).map(presentResultCondition);
    },

    async get(userId: number, conditionId: number): Promise<ResultCondition> {
      const owned = await findOwnedResultCondition(db, userId, conditionId);
      if (!owned) throw new AppError("not_found");
      return presentResultCondition(owned.condition);
    },

    async create(userId: number, body: ResultConditionCreate): Promise<ResultCondition> {
      return db.transaction(async (tx) => {
        const owned = await findOwnedResultQuiz(tx, userId, body.result);
        if (!owned) throw new AppError("not_found");
        await lockResult(tx, owned.resultId);
        const { result: _result, ...condition } = body;
        await checkRules(tx, owned.quizId, owned.resultId, condition);
        const row = await insertResultCondition(tx, {
          resultId: owned.resultId,
          ...conditionColumnsOf(condition),
        });
        await bumpDraftVersion(tx, owned.quizId);
        return presentResultCondition(row);
      });
    },

    async update(
      userId: number,
      conditionId: number,
      body: ResultConditionUpdate,
    ): Promise<ResultCondition> {
      return db.transaction(async (tx) => {
        const owned = await findOwnedResultCondition(tx, userId, conditionId);
        if (!owned) throw new AppError("not_found");
        const { condition: current, quizId } = owned;
        await lockResult(tx, current.resultId);
        const { id: _id, result: _result, ...stored } = presentResultCondition(current);
        const merged: Record<string, unknown> = { ...stored };
        for (const [key, value] of Object.entries(body)) {
          if (value !== undefined) merged[key] = value;
        }
        const parsed = conditionBodySchema.safeParse(merged);
        if (!parsed.success) {
          throw schemaFieldErrors(parsed.error.issues);
        }
        await checkRules(tx, quizId, current.resultId, parsed.data, current.id);
        const row = await updateResultCondition(tx, current.id, conditionColumnsOf(parsed.data));
        await bumpDraftVersion(tx, quizId);
        return presentResultCondition(row);
      });
    },

    async remove(userId: number, conditionId: number): Promise<void> {
      await db.transaction(async (tx) => {
        const owned = await findOwnedResultCondition(tx, userId, conditionId);
        if (!owned) throw new AppError("not_found");
        await deleteResultCondition(tx, owned.condition.id);
        await bumpDraftVersion(tx, owned.quizId);
      });
    },
  };
}

export function presentResultCondition(row: ResultConditionRow): ResultCondition {
  return {
    id: row.id,
    result: row.resultId,
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

/** 400 per field unless the condition keeps every rule (engine validateConditionReference). */
async function checkRules(
  db: DbOrTx,
  quizId: number,
  resultId: number,
  condition: ConditionBody,
  exceptId?: number,
): Promise<void> {
  const questions = await ruleQuestions(db, quizId);
  const others = (await listResultConditions(db, resultId, exceptId)).map((row) =>
    ruleInput(presentResultCondition(row)),
  );
  const errors = validateConditionReference(ruleInput(condition), questions, others);
  const fields = Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, [key]]));
  if (Object.keys(fields).length > 0) throw new FieldErrors(fields);
}

function ruleInput(condition: ConditionBody): ConditionRuleInput {
  return {
    kind: condition.kind,
    ref_question: condition.ref_question,
    answers: condition.answers,
    answers_include: condition.answers_include,
    answers_operator: condition.answers_operator,
    number_operator: condition.number_operator,
    number_from: condition.number_from,
    number_to: condition.number_to,
    range_operator: condition.range_operator,
    range_from: condition.range_from,
    range_to: condition.range_to,
  };
}

/** The condition columns of a body; missing keys take the column defaults. */
function conditionColumnsOf(
  condition: ConditionBody,
): Omit<NewResultConditionRow, "resultId" | "id" | "createdAt" | "updatedAt"> {
  return {
    refQuestionId: condition.ref_question,
    kind: condition.kind,
    answers: condition.answers ? [...new Set(condition.answers)] : undefined,
    answersInclude: condition.answers_include,
    answersOperator: condition.answers_operator,
    numberOperator: condition.number_operator,
    numberFrom: condition.number_from,
    numberTo: condition.number_to,
    rangeOperator: condition.range_operator,
    rangeFrom: condition.range_from,
    rangeTo: condition.range_to,
  };
}
