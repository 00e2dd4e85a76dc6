import { supportEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { defineRoute } from "../../plugins/define-route";
import { rateLimitFor } from "../../plugins/rate-limit";
import { createSupportService } from "./support.service";

/**
 * `sendSupportRequest`, `listReviews`, `saveReview` (signed-in owners; docs/api.md "Support and
 * reviews").
 */
export async function supportRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createSupportService(context);
  await authenticatedContext(app, context, async (scope) => {
    defineRoute(
      scope,
      endpoints.sendSupportRequest,
      async (request, reply) =>
        reply.status(201).send(await service.request(request.userId, request.body)),
      rateLimitFor(app, "support"),
    );
    defineRoute(scope, endpoints.listReviews, async (request) =>
      service.list(request.userId, request.query.cursor),
    );
    defineRoute(scope, endpoints.saveReview, async (request, reply) => {
      const { review, created } = await service.save(request.userId, request.body);
      return reply.status(created ? 201 : 200).send(review);
    });
  });
}
