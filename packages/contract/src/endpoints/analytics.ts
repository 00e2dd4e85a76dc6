import { analyticsQuerySchema, analyticsReportSchema } from "../analytics";
import { errorBodySchema, validationErrorBodySchema } from "../errors";
import { idParamsSchema } from "../quiz-common";
import { endpoint } from "./endpoint";

const tags = ["analytics"];
const responses = {
  200: analyticsReportSchema,
  400: validationErrorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
};
const rules =
  "`from`/`to` are UTC days, both included (default: the last 30 days, at most 366). " +
  "A visit (visitor session) counts once per step; leads are complete leads stored " +
  "(honeypot submissions never are); the editor's preview sends nothing. `conversion` is " +
  'leads per 100 views. `utm_source` filters every figure (`""`: visits without one).';

/** The owner's funnel reports (docs/analytics.md). */
export const analyticsEndpoints = {
  getQuizAnalytics: endpoint({
    method: "GET",
    path: "/quiz/{id}/analytics/",
    operationId: "getQuizAnalytics",
    tags,
    summary: "The funnel of a quiz for a range of days",
    description: `Views, starts, each question's reach, contacts and leads. ${rules}`,
    params: idParamsSchema,
    query: analyticsQuerySchema,
    responses,
  }),
  getProjectAnalytics: endpoint({
    method: "GET",
    path: "/project/{id}/analytics/",
    operationId: "getProjectAnalytics",
    tags,
    summary: "The funnel of a project's quizzes, summed, for a range of days",
    description: `The quiz report summed over the project's live quizzes; \`per_question\` lists every quiz's questions. ${rules}`,
    params: idParamsSchema,
    query: analyticsQuerySchema,
    responses,
  }),
} as const;
