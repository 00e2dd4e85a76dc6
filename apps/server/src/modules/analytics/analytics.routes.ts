import {
  analyticsQuerySchema,
  analyticsReportSchema,
  apiPaths,
  errorBodySchema,
  idParamsSchema,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { createAnalyticsService } from "./analytics.service";

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

/** The owner's funnel reports (docs/analytics.md); both read the roll-up, not raw events. */
export async function analyticsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createAnalyticsService(context);

  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.get(
      apiPaths.quizAnalytics(":id"),
      {
        schema: {
          tags,
          summary: "The funnel of a quiz for a range of days",
          description: `Views, starts, each question's reach, contacts and leads. ${rules}`,
          params: idParamsSchema,
          querystring: analyticsQuerySchema,
          response: responses,
        },
      },
      async (request) => service.quizReport(request.userId, request.params.id, request.query),
    );

    routes.get(
      apiPaths.projectAnalytics(":id"),
      {
        schema: {
          tags,
          summary: "The funnel of a project's quizzes, summed, for a range of days",
          description: `The quiz report summed over the project's live quizzes; \`per_question\` lists every quiz's questions. ${rules}`,
          params: idParamsSchema,
          querystring: analyticsQuerySchema,
          response: responses,
        },
      },
      async (request) => service.projectReport(request.userId, request.params.id, request.query),
    );
  });
}
