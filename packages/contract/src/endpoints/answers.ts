import { answerCreateSchema, answerListSchema, answerSchema, answerUpdateSchema } from "../answers";
import { errorBodySchema, validationErrorBodySchema } from "../errors";
import { idParamsSchema } from "../quiz-common";
import { endpoint, noContentSchema } from "./endpoint";

const tags = ["answers"];

const errors = { 400: validationErrorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** The operations of apps/server's answers.routes.ts (docs/api.md). */
export const answersEndpoints = {
  listAnswers: endpoint({
    method: "GET",
    path: "/question/{id}/answer_list/",
    operationId: "listAnswers",
    tags,
    summary: "Lists a question's answers",
    description: "Ordered by sort, then id.",
    params: idParamsSchema,
    responses: { 200: answerListSchema, ...errors },
  }),
  createAnswer: endpoint({
    method: "POST",
    path: "/answer/",
    operationId: "createAnswer",
    tags,
    summary: "Adds an answer to a question",
    description:
      'A missing text becomes "Answer {n}". Only List, Cards and Select questions have ' +
      "answers (400 `question` otherwise), at most 10 each. Placed last unless `sort` " +
      "names a position (1-based).",
    body: answerCreateSchema,
    responses: { 201: answerSchema, ...errors },
  }),
  updateAnswer: endpoint({
    method: "PATCH",
    path: "/answer/{id}/",
    operationId: "updateAnswer",
    tags,
    summary: "Changes an answer",
    description: "`sort` moves it among the question's answers; `image: null` removes the image.",
    params: idParamsSchema,
    body: answerUpdateSchema,
    responses: { 200: answerSchema, ...errors },
  }),
  deleteAnswer: endpoint({
    method: "DELETE",
    path: "/answer/{id}/",
    operationId: "deleteAnswer",
    tags,
    summary: "Deletes an answer",
    description:
      "Its id leaves every question and result condition that lists it; a condition " +
      "left without answers is deleted. The other answers are renumbered.",
    params: idParamsSchema,
    responses: { 204: noContentSchema, ...errors },
  }),
} as const;
