import { errorBodySchema, validationErrorBodySchema } from "../errors";
import {
  questionCreateSchema,
  questionListSchema,
  questionSchema,
  questionUpdateSchema,
} from "../questions";
import { copyRequestSchema, idParamsSchema } from "../quiz-common";
import { endpoint, noContentSchema } from "./endpoint";

const tags = ["questions"];

const errors = { 400: validationErrorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** The operations of apps/server's questions.routes.ts (docs/api.md). */
export const questionsEndpoints = {
  listQuestions: endpoint({
    method: "GET",
    path: "/quiz/{id}/question_list/",
    operationId: "listQuestions",
    tags,
    summary: "Lists a quiz's questions",
    description: "Ordered by sort, then id.",
    params: idParamsSchema,
    responses: { 200: questionListSchema, ...errors },
  }),
  getQuestion: endpoint({
    method: "GET",
    path: "/question/{id}/",
    operationId: "getQuestion",
    tags,
    summary: "Reads a question",
    description: "`config` holds the keys set so far; missing keys take their defaults.",
    params: idParamsSchema,
    responses: { 200: questionSchema, ...errors },
  }),
  createQuestion: endpoint({
    method: "POST",
    path: "/question/",
    operationId: "createQuestion",
    tags,
    summary: "Creates a question",
    description:
      'A missing title becomes "New question {n}" (n: the number of questions with this ' +
      "one). A List, Cards or Select question comes with two answers, " +
      '"Answer 1" and "Answer 2". Placed last unless `sort` names a position (1-based; ' +
      "the others move down). Sorts stay 1, 2, 3, … after every change.",
    body: questionCreateSchema,
    responses: { 201: questionSchema, ...errors },
  }),
  copyQuestion: endpoint({
    method: "POST",
    path: "/question/copy/",
    operationId: "copyQuestion",
    tags,
    summary: "Copies a question",
    description:
      "Copies the question with its answers and its conditions, placed right after " +
      "the original (the following questions move down).",
    body: copyRequestSchema,
    responses: { 201: questionSchema, ...errors },
  }),
  updateQuestion: endpoint({
    method: "PATCH",
    path: "/question/{id}/",
    operationId: "updateQuestion",
    tags,
    summary: "Changes a question",
    description:
      "`config` is a JSON merge patch (null removes a key), the merged config is " +
      "checked whole (400 `config.step`, `config.max`, …). Changing `type` deletes the " +
      "answers (a List, Cards or Select question gets two new default answers) and " +
      "the conditions on its answers or of a kind the new type does not support, and " +
      "re-checks the formulas. `sort` moves the question (1-based) and renumbers the " +
      "others; question conditions that then refer to a later question are deleted. " +
      "Turning `config.multi_answers` off turns AND into OR in every question and " +
      "result condition on this question. All in one transaction.",
    params: idParamsSchema,
    body: questionUpdateSchema,
    responses: { 200: questionSchema, ...errors },
  }),
  deleteQuestion: endpoint({
    method: "DELETE",
    path: "/question/{id}/",
    operationId: "deleteQuestion",
    tags,
    summary: "Deletes a question",
    description:
      "Its answers and the conditions on it or referencing it go with it; its elements " +
      "leave every formula of the quiz (with an adjacent operation) and the formulas " +
      "are checked again; the other questions are renumbered. One transaction.",
    params: idParamsSchema,
    responses: { 204: noContentSchema, ...errors },
  }),
} as const;
