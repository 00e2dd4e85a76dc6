import { z } from "zod";
import { errorBodySchema, validationErrorBodySchema } from "../errors";
import { copyRequestSchema, idParamsSchema } from "../quiz-common";
import { resultCreateSchema, resultListSchema, resultSchema, resultUpdateSchema } from "../results";
import { endpoint } from "./endpoint";

const tags = ["results"];

const errors = { 401: errorBodySchema, 404: errorBodySchema };

const withValidation = { 400: validationErrorBodySchema, ...errors };

/** The operations of apps/server's results.routes.ts (docs/api.md). */
export const resultsEndpoints = {
  listResults: endpoint({
    method: "GET",
    path: "/quiz/{id}/result_list/",
    operationId: "listResults",
    tags,
    summary: "Lists a quiz's results",
    description: "Ordered by sort, then id.",
    params: idParamsSchema,
    responses: { 200: resultListSchema, ...withValidation },
  }),
  getResult: endpoint({
    method: "GET",
    path: "/result/{id}/",
    operationId: "getResult",
    tags,
    summary: "Reads a result",
    params: idParamsSchema,
    responses: { 200: resultSchema, ...withValidation },
  }),
  createResult: endpoint({
    method: "POST",
    path: "/result/",
    operationId: "createResult",
    tags,
    summary: "Creates a result",
    description:
      'A missing title becomes "Result {n}" in the quiz\'s language (n: the number of ' +
      "results with this one). Placed last unless `sort` names a position (1-based; " +
      "the others move down). The formula may only name questions of this quiz (400 " +
      "`formula.{i}.question`); it is saved with the engine's verdict " +
      "(`formula_valid`, `formula_errors`) even when broken.",
    body: resultCreateSchema,
    responses: { 201: resultSchema, ...withValidation },
  }),
  copyResult: endpoint({
    method: "POST",
    path: "/result/copy/",
    operationId: "copyResult",
    tags,
    summary: "Copies a result with its conditions",
    description: "The copy is placed right after the original; the others move down.",
    body: copyRequestSchema,
    responses: { 201: resultSchema, ...withValidation },
  }),
  updateResult: endpoint({
    method: "PATCH",
    path: "/result/{id}/",
    operationId: "updateResult",
    tags,
    summary: "Changes a result",
    description:
      "`config` is merged (null clears a key). `sort` moves the result to that " +
      "position and renumbers the others. The formula is re-checked against the " +
      "quiz's current questions and saved with its verdict; a question of another " +
      "quiz is a 400 on `formula.{i}.question`. `media: null` removes the file.",
    params: idParamsSchema,
    body: resultUpdateSchema,
    responses: { 200: resultSchema, ...withValidation },
  }),
  deleteResult: endpoint({
    method: "DELETE",
    path: "/result/{id}/",
    operationId: "deleteResult",
    tags,
    summary: "Deletes a result and its conditions",
    description: "The other results are renumbered 1, 2, 3, ….",
    params: idParamsSchema,
    responses: { 204: z.void(), ...withValidation },
  }),
} as const;
