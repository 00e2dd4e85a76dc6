import {
  questionConditionCreateSchema,
  questionConditionListSchema,
  questionConditionSchema,
  questionConditionUpdateSchema,
} from "../conditions";
import { errorBodySchema, validationErrorBodySchema } from "../errors";
import { idParamsSchema } from "../quiz-common";
import { endpoint, noContentSchema } from "./endpoint";

const tags = ["question conditions"];

const errors = { 400: validationErrorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

const rules =
  "400 when the question is the first one (`question`), `ref_question` is not an earlier " +
  "question of the quiz (`ref_question`), its type does not support the kind (`kind`), " +
  "`answers` are not its own (`answers`), or the same condition exists already " +
  "(`non_field_errors`).";

/** The operations of apps/server's question-conditions.routes.ts (docs/api.md). */
export const questionConditionsEndpoints = {
  getQuestionCondition: endpoint({
    method: "GET",
    path: "/questioncondition/{id}/",
    operationId: "getQuestionCondition",
    tags,
    summary: "Reads a question condition",
    params: idParamsSchema,
    responses: { 200: questionConditionSchema, ...errors },
  }),
  listQuestionConditions: endpoint({
    method: "GET",
    path: "/questionconditionlist/{id}/",
    operationId: "listQuestionConditions",
    tags,
    summary: "Lists a question's conditions",
    description: "In creation order (conditions have no sort).",
    params: idParamsSchema,
    responses: { 200: questionConditionListSchema, ...errors },
  }),
  createQuestionCondition: endpoint({
    method: "POST",
    path: "/questioncondition/",
    operationId: "createQuestionCondition",
    tags,
    summary: "Adds a condition to a question",
    description: `Defaults: answers [], answers_include true, or, in_range, inside. ${rules}`,
    body: questionConditionCreateSchema,
    responses: { 201: questionConditionSchema, ...errors },
  }),
  updateQuestionCondition: endpoint({
    method: "PATCH",
    path: "/questioncondition/{id}/",
    operationId: "updateQuestionCondition",
    tags,
    summary: "Changes a question condition",
    description: `The merged condition is checked whole. ${rules}`,
    params: idParamsSchema,
    body: questionConditionUpdateSchema,
    responses: { 200: questionConditionSchema, ...errors },
  }),
  deleteQuestionCondition: endpoint({
    method: "DELETE",
    path: "/questioncondition/{id}/",
    operationId: "deleteQuestionCondition",
    tags,
    summary: "Deletes a question condition",
    params: idParamsSchema,
    responses: { 204: noContentSchema, ...errors },
  }),
} as const;
