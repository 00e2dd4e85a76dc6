import { errorBodySchema, validationErrorBodySchema } from "../errors";
import { copyRequestSchema, idParamsSchema } from "../quiz-common";
import {
  quizCreateSchema,
  quizListQuerySchema,
  quizListSchema,
  quizSchema,
  quizUpdateSchema,
} from "../quizzes";
import { endpoint, noContentSchema } from "./endpoint";

const tags = ["quizzes"];
const withFieldErrors = {
  400: validationErrorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
};

/** The owner's quizzes (docs/api.md "Quiz content"); every call is scoped to the account. */
export const quizEndpoints = {
  listQuizzes: endpoint({
    method: "GET",
    path: "/quiz/",
    operationId: "listQuizzes",
    tags,
    summary: "The account's quizzes",
    description:
      "Live quizzes of live projects, oldest first; `?project=` only that project's " +
      "(404 when it is not one of the caller's live projects).",
    query: quizListQuerySchema,
    responses: { 200: quizListSchema, ...withFieldErrors },
  }),
  getQuiz: endpoint({
    method: "GET",
    path: "/quiz/{id}/",
    operationId: "getQuiz",
    tags,
    summary: "A quiz",
    params: idParamsSchema,
    responses: { 200: quizSchema, ...withFieldErrors },
  }),
  createQuiz: endpoint({
    method: "POST",
    path: "/quiz/",
    operationId: "createQuiz",
    tags,
    summary: "Creates a quiz in one of the caller's projects",
    description:
      'Missing fields take the defaults: title "New quiz" and language from the ' +
      "owner's interface language, start page enabled, the default design, results " +
      "after the contact form, and the name, phone and e-mail form fields. Another " +
      "account's project answers 404.",
    body: quizCreateSchema,
    responses: { 201: quizSchema, ...withFieldErrors },
  }),
  copyQuiz: endpoint({
    method: "POST",
    path: "/quiz/copy/",
    operationId: "copyQuiz",
    tags,
    summary: "Copies a quiz with all its content into the same project",
    description:
      'The copy is titled "… (copy)": questions, answers, conditions, results, ' +
      "formulas, form fields, additions, design and config, every internal reference " +
      "pointing to the copies. It is an unpublished draft with a new public key and no " +
      "landing subdomain; stored files are shared with the original. All or nothing.",
    body: copyRequestSchema,
    responses: { 201: quizSchema, ...withFieldErrors },
  }),
  updateQuiz: endpoint({
    method: "PATCH",
    path: "/quiz/{id}/",
    operationId: "updateQuiz",
    tags,
    summary: "Changes a quiz",
    description:
      "Nested objects are JSON merge patches (null clears a key); the merged object is " +
      "checked whole. `results_settings.general_formula` is checked by the engine and " +
      "saved with its verdict (`general_formula_valid`, `general_formula_errors`). " +
      "`project` moves the quiz to another project of the caller (404 otherwise).",
    params: idParamsSchema,
    body: quizUpdateSchema,
    responses: { 200: quizSchema, ...withFieldErrors },
  }),
  deleteQuiz: endpoint({
    method: "DELETE",
    path: "/quiz/{id}/",
    operationId: "deleteQuiz",
    tags,
    summary: "Deletes (hides) a quiz",
    description: "The quiz disappears from lists and reads; its leads stay.",
    params: idParamsSchema,
    responses: { 204: noContentSchema, ...withFieldErrors },
  }),
} as const;
