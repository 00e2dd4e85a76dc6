import { errorBodySchema, validationErrorBodySchema } from "../errors";
import { quizSchema } from "../quizzes";
import {
  copyTemplateSchema,
  madeTemplateSchema,
  operatorMakeTemplateSchema,
  templateListQuerySchema,
  templateOptionListSchema,
  templatePageSchema,
} from "../templates";
import { endpoint } from "./endpoint";

const tags = ["templates"];

/** The operations of apps/server's templates.routes.ts (docs/api.md). */
export const templatesEndpoints = {
  operatorMakeTemplate: endpoint({
    method: "POST",
    path: "/operator/templates/",
    operationId: "operatorMakeTemplate",
    tags,
    summary: "Turns a quiz into a template (operator only)",
    description:
      "Copies the quiz (any account's) to the system account, publishes the copy and " +
      "lists it in the catalogue under `slug` (default `quiz-{id}`) in the quiz's " +
      "language; a template of the same slug and language is replaced. Needs the key of " +
      "DATA_DIR/operator-key in `X-Operator-Key`; 403 without it.",
    body: operatorMakeTemplateSchema,
    responses: {
      201: madeTemplateSchema,
      400: validationErrorBodySchema,
      403: errorBodySchema,
      404: errorBodySchema,
    },
  }),
  listTemplateTypes: endpoint({
    method: "GET",
    path: "/quiztemplatetype/",
    operationId: "listTemplateTypes",
    tags,
    summary: "Lists the template types",
    description: "Every type code with its title in the account's language.",
    responses: { 200: templateOptionListSchema, 401: errorBodySchema },
  }),
  listTemplateThemes: endpoint({
    method: "GET",
    path: "/quiztemplatetheme/",
    operationId: "listTemplateThemes",
    tags,
    summary: "Lists the template themes",
    description: "Every theme code with its title in the account's language.",
    responses: { 200: templateOptionListSchema, 401: errorBodySchema },
  }),
  listTemplates: endpoint({
    method: "GET",
    path: "/quiz-templates/",
    operationId: "listTemplates",
    tags,
    summary: "Lists the templates",
    description:
      "Live templates in the catalogue's order, 24 per page; `next` is the cursor of " +
      "the following page. Filters: `type`, `theme`, `language` (a quiz language " +
      "code), `search` (in the title and description, case-insensitive). `id` is the " +
      "template's quiz; `preview_url` its published page; `public_key` reads its " +
      "snapshot (`GET public/quiz/{key}/`), which the owner app plays in the " +
      "runtime's preview page, where nothing is sent.",
    query: templateListQuerySchema,
    responses: {
      200: templatePageSchema,
      400: validationErrorBodySchema,
      401: errorBodySchema,
    },
  }),
  copyTemplate: endpoint({
    method: "POST",
    path: "/copy-template/",
    operationId: "copyTemplate",
    tags,
    summary: "Copies a template into a project",
    description:
      "A deep copy of the template's quiz (questions, answers, logic, results, form, " +
      "additions, design) into `project`, a live project of the caller, unpublished and " +
      "titled as the template. 404 when the project is not the caller's or `template` " +
      "is not a template of the catalogue.",
    body: copyTemplateSchema,
    responses: {
      201: quizSchema,
      400: validationErrorBodySchema,
      401: errorBodySchema,
      404: errorBodySchema,
    },
  }),
} as const;
