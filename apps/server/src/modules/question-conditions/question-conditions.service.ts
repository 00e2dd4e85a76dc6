import {
  conditionBodySchema,
  type QuestionCondition,
  type QuestionConditionCreate,
  type QuestionConditionUpdate,
} from "@leadquiz/contract";
import { type ConditionRuleInput, validateQuestionCondition } from "@leadquiz/engine";
import type { AppContext } from "../../app-context";
import type { DbOrTx } from "../../db/client";
import { AppError, FieldErrors } from "../../lib/app-error";
import { schemaFieldErrors } from "../../lib/field-errors";
import { findOwnedQuestion, listRuleQuestions, lockOwnedQuestion, lockQuiz } from "../questions";
import { bumpDraftVersion } from "../quiz-access";
import {
  deleteQuestionCondition,
  findOwnedQuestionCondition,
  insertQuestionCondition,
  listQuestionConditions,
  presentQuestionCondition,
  type QuestionConditionInsert,
  type QuestionConditionRow,
  updateQuestionCondition,
} from "./question-conditions.repository";

type ConditionBody = Omit<QuestionCondition, "id" | "question">;

export type QuestionConditionsService = ReturnType<typeof createQuestionConditionsService>;

/**
 * Question conditions (logic): read, list, create, update, delete. Every create and update
 * checks the engine's rules on the whole (merged) condition: not on the first question,
 * the reference comes earlier, its type supports the kind, the answers are its own, no
 * duplicate on the same question. Every change bumps the quiz draft.
 */
export function createQuestionConditionsService(ctx: Pick<AppContext, "db">) {
  return {
    async get(userId: number, conditionId: number): Promise<QuestionCondition> {
      const owned = await findOwnedQuestionCondition(ctx.db, userId, conditionId);
      if (!owned) throw new AppError("not_found");
      return presentQuestionCondition(owned.condition);
    },

    async list(userId: number, questionId: number): Promise<QuestionCondition[]> {
      const question = await findOwnedQuestion(ctx.db, userId, questionId);
      if (!question) throw new AppError("not_found");
      return (await listQuestionConditions(ctx.db, questionId)).map(presentQuestionCondition);
    },

    async create(userId: number, body: QuestionConditionCreate): Promise<QuestionCondition> {
      return ctx.db.transaction(async (tx) => {
        const question = await lockOwnedQuestion(tx, userId, body.question);
        if (!question) throw new AppError("not_found");
        const { question: _question, ...fields } = body;
        const condition = withDefaults(fields);
        await checkRules(tx, question.quizId, question.id, condition, null);
        const row = await insertQuestionCondition(tx, {
          questionId: question.id,
          ...toColumns(condition),
        });
        await bumpDraftVersion(tx, question.quizId);
        return presentQuestionCondition(row);
      });
    },

    async update(
      userId: number,
      conditionId: number,
      body: QuestionConditionUpdate,
    ): Promise<QuestionCondition> {
      return ctx.db.transaction(async (tx) => {
        const owned = await lockOwnedCondition(tx, userId, conditionId);
        if (!owned) throw new AppError("not_found");
        const {
          id: _id,
          question: _question,
          ...stored
        } = presentQuestionCondition(owned.condition);
        const merged = { ...stored, ...definedOnly(body) };
        const parsed = conditionBodySchema.safeParse(merged);
        if (!parsed.success) {
          throw schemaFieldErrors(parsed.error.issues);
        }
        const condition = withDefaults(parsed.data);
        await checkRules(
          tx,
          owned.quizId,
          owned.condition.questionId,
          condition,
          owned.condition.id,
        );
        const row = await updateQuestionCondition(tx, conditionId, toColumns(condition));
        await bumpDraftVersion(tx, owned.quizId);
        return presentQuestionCondition(row);
      });
    },

    async remove(userId: number, conditionId: number): Promise<void> {
      await ctx.db.transaction(async (tx) => {
        const owned = await lockOwnedCondition(tx, userId, conditionId);
        if (!owned) throw new AppError("not_found");
        await deleteQuestionCondition(tx, conditionId);
        await bumpDraftVersion(tx, owned.quizId);
      });
    },
  };
}

/** The owned condition read again under the quiz lock; undefined when not the user's or gone. */
async function lockOwnedCondition(
  tx: DbOrTx,
  userId: number,
  conditionId: number,
): Promise<{ condition: QuestionConditionRow; quizId: number } | undefined> {
  const owned = await findOwnedQuestionCondition(tx, userId, conditionId);
  if (!owned) return undefined;
  await lockQuiz(tx, owned.quizId);
  return findOwnedQuestionCondition(tx, userId, conditionId);
}

/** The engine's rules; 400 per field (non_field_errors for a duplicate). */
async function checkRules(
  tx: DbOrTx,
  quizId: number,
  questionId: number,
  condition: ConditionBody,
  selfId: number | null,
): Promise<void> {
  const questions = await listRuleQuestions(tx, quizId);
  const others = (await listQuestionConditions(tx, questionId))
    .filter((row) => row.id !== selfId)
    .map(toRuleInput);
  const errors = validateQuestionCondition(questionId, condition, questions, others);
  const fields = Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, [key]]));
  if (Object.keys(fields).length > 0) throw new FieldErrors(fields);
}

function toRuleInput(row: QuestionConditionRow): ConditionRuleInput {
  const { id: _id, question: _question, ...condition } = presentQuestionCondition(row);
  return condition;
}

/** The writable fields with the defaults of a new condition (answers [], include, or, …). */
function withDefaults(
  fields: { [Key in keyof ConditionBody]?: ConditionBody[Key] | undefined } & Pick<
    ConditionBody,
    "ref_question" | "kind"
  >,
): ConditionBody {
  return {
    ref_question: fields.ref_question,
    kind: fields.kind,
    answers: [...new Set(fields.answers ?? [])],
    answers_include: fields.answers_include ?? true,
    answers_operator: fields.answers_operator ?? "or",
    number_operator: fields.number_operator ?? "in_range",
    number_from: fields.number_from ?? null,
    number_to: fields.number_to ?? null,
    range_operator: fields.range_operator ?? "inside",
    range_from: fields.range_from ?? null,
    range_to: fields.range_to ?? null,
  };
}

function toColumns(condition: ConditionBody): Omit<QuestionConditionInsert, "questionId"> {
  return {
    refQuestionId: condition.ref_question,
    kind: condition.kind,
    answers: condition.answers,
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

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => field !== undefined),
  ) as Partial<T>;
}
