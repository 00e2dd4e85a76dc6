import { analyticsEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { defineRoute } from "../../plugins/define-route";
import { createAnalyticsService } from "./analytics.service";

/** The owner's funnel reports (docs/analytics.md); both read the roll-up, not raw events. */
export async function analyticsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createAnalyticsService(context);

  await authenticatedContext(app, context, async (scope) => {
    defineRoute(scope, endpoints.getQuizAnalytics, async (request) =>
      service.quizReport(request.userId, request.params.id, request.query),
    );
    defineRoute(scope, endpoints.getProjectAnalytics, async (request) =>
      service.projectReport(request.userId, request.params.id, request.query),
    );
  });
}
