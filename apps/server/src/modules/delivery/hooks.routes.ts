import { hooksEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { createSecretBox } from "../../lib/secret-box";
import { apiKeyContext } from "../../plugins/api-key-auth";
import { defineRoute } from "../../plugins/define-route";
import { createHooksService } from "./hooks.service";

/**
 * REST hooks for automation platforms (operations `subscribeHook`, `unsubscribeHook`,
 * `listHookSample`), authenticated by an account API key (`Bearer lq_…`), never by an
 * access token (docs/delivery.md "REST hooks").
 */
export async function hooksRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const hooks = createHooksService({
    db: context.db,
    config: context.config,
    box: createSecretBox(context.secrets.encryptionKey),
  });
  await apiKeyContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    defineRoute(routes, endpoints.subscribeHook, async (request, reply) =>
      reply.status(201).send(await hooks.subscribe(request.userId, request.apiKeyId, request.body)),
    );

    defineRoute(routes, endpoints.listHookSample, async (request) =>
      hooks.sample(request.userId, request.query.quiz),
    );

    defineRoute(routes, endpoints.unsubscribeHook, async (request, reply) => {
      await hooks.unsubscribe(request.userId, request.params.id);
      return reply.status(204).send();
    });
  });
}
