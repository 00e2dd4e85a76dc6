import {
  apiPaths,
  errorBodySchema,
  hookCreateSchema,
  hookSampleQuerySchema,
  hookSampleSchema,
  hookSchema,
  idParamsSchema,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ApiOptions } from "../../app-context";
import { createSecretBox } from "../../lib/secret-box";
import { apiKeyContext } from "../../plugins/api-key-auth";
import { createHooksService } from "./hooks.service";

const tags = ["lead delivery"];
const answers = { 400: validationErrorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

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

    routes.post(
      apiPaths.hooks,
      {
        schema: {
          tags,
          summary: "Subscribes a URL to new leads (REST hook)",
          description:
            "Every new lead of the account — or of `quiz` — is POSTed to `target_url` like a " +
            "webhook delivery, signed with `secret` (answered only here). A 410 from the " +
            "target ends the subscription. https only unless the server allows private networks.",
          body: hookCreateSchema,
          response: { 201: hookSchema, ...answers },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await hooks.subscribe(request.userId, request.apiKeyId, request.body)),
    );

    routes.get(
      apiPaths.hooksSample,
      {
        schema: {
          tags,
          summary: "The newest leads, as a delivery carries them",
          description:
            "The 3 newest leads of the account (or of `quiz`), newest first, each in the body " +
            "of a delivery, for a platform's sample (Zapier's performList).",
          querystring: hookSampleQuerySchema,
          response: { 200: hookSampleSchema, ...answers },
        },
      },
      async (request) => hooks.sample(request.userId, request.query.quiz),
    );

    routes.delete(
      apiPaths.hookById(":id"),
      {
        schema: {
          tags,
          summary: "Unsubscribes a REST hook",
          description: "Its deliveries leave the delivery log with it.",
          params: idParamsSchema,
          response: { 204: z.void(), ...answers },
        },
      },
      async (request, reply) => {
        await hooks.unsubscribe(request.userId, request.params.id);
        return reply.status(204).send();
      },
    );
  });
}
