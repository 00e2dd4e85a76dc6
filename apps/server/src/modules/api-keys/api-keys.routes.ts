import { apiKeysEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { defineRoute } from "../../plugins/define-route";
import { rateLimitFor } from "../../plugins/rate-limit";
import { createApiKeysService } from "./api-keys.service";

/**
 * The owner's API keys (operations `createApiKey`, `listApiKeys`, `revokeApiKey`). Managed
 * with the access token only: a key cannot make, list or revoke keys.
 */
export async function apiKeysRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const keys = createApiKeysService(context);
  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    defineRoute(
      routes,
      endpoints.createApiKey,
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await keys.create({ userId: request.userId, authTime: request.authTime }, request.body),
          ),
      rateLimitFor(app, "passwordConfirm"),
    );

    defineRoute(routes, endpoints.listApiKeys, async (request) => keys.list(request.userId));

    defineRoute(routes, endpoints.revokeApiKey, async (request, reply) => {
      await keys.revoke(request.userId, request.params.id);
      return reply.status(204).send();
    });
  });
}
