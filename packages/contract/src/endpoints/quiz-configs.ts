import { errorBodySchema, validationErrorBodySchema } from "../errors";
import { idParamsSchema } from "../quiz-common";
import { quizConfigCreateSchema, quizConfigSchema, quizConfigUpdateSchema } from "../quiz-configs";
import { endpoint } from "./endpoint";

const tags = ["quiz config"];

const answers = { 400: validationErrorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

const sectionsText =
  "Sections are merged key by key (null clears a key) and each merged section is checked " +
  "again. `landing.subdomain`: the subdomain rule (400 per field), unique across the " +
  'service whatever the case (400 "This subdomain is taken"), never a reserved one (400 ' +
  "\"This subdomain is reserved; choose another\": the operator's and the product's own " +
  "host names), null releases it. " +
  "`trigger.video_url` accepts YouTube addresses only.";

/** The operations of apps/server's quiz-configs.routes.ts (docs/api.md). */
export const quizConfigsEndpoints = {
  getQuizConfig: endpoint({
    method: "GET",
    path: "/config/quiz/{id}",
    operationId: "getQuizConfig",
    tags,
    summary: "Reads a quiz's publication settings",
    description:
      "`id` is the QUIZ id. A quiz has no config until one is created: this answers " +
      "404 `not_found` then (as for a quiz that is not the caller's), and the client " +
      "creates it with `POST config/quiz/ {quiz}` (every section takes its defaults; " +
      "the editor does this when its publication setup first opens). Includes `embed`: the " +
      "snippet of each display mode (docs/embed.md), the hosted page link and the " +
      "landing URL.",
    params: idParamsSchema,
    responses: { 200: quizConfigSchema, ...answers },
  }),
  createQuizConfig: endpoint({
    method: "POST",
    path: "/config/quiz/",
    operationId: "createQuizConfig",
    tags,
    summary: "Creates a quiz's publication settings",
    description: `One per quiz: a second is a 400 on \`quiz\`. ${sectionsText}`,
    body: quizConfigCreateSchema,
    responses: { 201: quizConfigSchema, ...answers },
  }),
  updateQuizConfig: endpoint({
    method: "PATCH",
    path: "/config/quiz/{id}/",
    operationId: "updateQuizConfig",
    tags,
    summary: "Changes a quiz's publication settings",
    description: `\`id\` is the CONFIG id. ${sectionsText}`,
    params: idParamsSchema,
    body: quizConfigUpdateSchema,
    responses: { 200: quizConfigSchema, ...answers },
  }),
} as const;
