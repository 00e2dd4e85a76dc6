import { z } from "zod";
import {
  resultConditionCreateSchema,
  resultConditionListSchema,
  resultConditionSchema,
  resultConditionUpdateSchema,
} from "../conditions";
import { errorBodySchema, validationErrorBodySchema } from "../errors";
import { idParamsSchema } from "../quiz-common";
import { endpoint } from "./endpoint";

const tags = ["result conditions"];

const answers = { 400: validationErrorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

const rules =
  "400 per field when `ref_question` is not a question of the result's quiz, its type does " +
  "not support the kind, `answers` are not its own, a range bound does not fit its type, " +
  "or the same condition exists on the result already (`non_field_errors`).";

/** The operations of apps/server's result-conditions.routes.ts (docs/api.md). */
export const resultConditionsEndpoints = {
  listResultConditions: endpoint({
    method: "GET",
    path: "/resultconditionlist/{id}/",
    operationId: "listResultConditions",
    tags,
    summary: "Lists a result's conditions",
    description: "Ordered by id (conditions have no sort).",
    params: idParamsSchema,
    responses: { 200: resultConditionListSchema, ...answers },
  }),
  getResultCondition: endpoint({
    method: "GET",
    path: "/resultcondition/{id}/",
    operationId: "getResultCondition",
    tags,
    summary: "Reads a result condition",
    params: idParamsSchema,
    responses: { 200: resultConditionSchema, ...answers },
  }),
  createResultCondition: endpoint({
    method: "POST",
    path: "/resultcondition/",
    operationId: "createResultCondition",
    tags,
    summary: "Adds a condition to a result",
    description: rules,
    body: resultConditionCreateSchema,
    responses: { 201: resultConditionSchema, ...answers },
  }),
  updateResultCondition: endpoint({
    method: "PATCH",
    path: "/resultcondition/{id}/",
    operationId: "updateResultCondition",
    tags,
    summary: "Changes a result condition",
    description: `The merged condition is checked again as a whole. ${rules}`,
    params: idParamsSchema,
    body: resultConditionUpdateSchema,
    responses: { 200: resultConditionSchema, ...answers },
  }),
  deleteResultCondition: endpoint({
    method: "DELETE",
    path: "/resultcondition/{id}/",
    operationId: "deleteResultCondition",
    tags,
    summary: "Deletes a result condition",
    params: idParamsSchema,
    responses: { 204: z.void(), ...answers },
  }),
} as const;
