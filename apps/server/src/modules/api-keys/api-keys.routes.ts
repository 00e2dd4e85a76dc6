import {
  apiKeyCreatedSchema,
  apiKeyCreateSchema,
  apiKeyListSchema,
  apiPaths,
  errorBodySchema,
  idParamsSchema,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ApiOptions } from "../../app-context";
import { authenticatedContext } from "../../plugins/authenticate";
import { rateLimitFor } from "../../plugins/rate-limit";
import { createApiKeysService } from "./api-keys.service";

const tags = ["lead delivery"];
const answers = { 400: validationErrorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/**
 * The owner's API keys (operations `createApiKey`, `listApiKeys`, `revokeApiKey`). Managed
 * with the access token only: a key cannot make, list or revoke keys.
 */
export async function apiKeysRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const keys = createApiKeysService(context);
  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    routes.post(
      apiPaths.apiKeys,
      {
        ...rateLimitFor(app, "passwordConfirm"),
        schema: {
          tags,
          summary: "Makes an account API key",
          description:
            "Answers the key (`lq_…`) in full: the only time it is shown, only its hash is " +
            "kept. The key authenticates the `hooks/` operations of automation platforms. A " +
            "key outlives the session, so a session that signed in (password or social " +
            "sign-in; refreshing does not count) more than 5 minutes ago must send the " +
            "current `password`: without it 400 `password` (or, for an account without a " +
            "password, 400 `non_field_errors`: sign in again); a wrong one 400 `password`. " +
            "A `password` sent is always checked. After 10 wrong passwords in an hour (with " +
            "change-password/'s) the account's calls answer 429 `rate_limited` until it ends.",
          body: apiKeyCreateSchema,
          response: { 201: apiKeyCreatedSchema, ...answers, 429: errorBodySchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await keys.create({ userId: request.userId, authTime: request.authTime }, request.body),
          ),
    );

    routes.get(
      apiPaths.apiKeys,
      {
        schema: {
          tags,
          summary: "Lists the account's API keys",
          description: "Name, first characters, creation and last use; never the key.",
          response: { 200: apiKeyListSchema, ...answers },
        },
      },
      async (request) => keys.list(request.userId),
    );

    routes.delete(
      apiPaths.apiKeyById(":id"),
      {
        schema: {
          tags,
          summary: "Revokes an API key",
          description:
            "The key stops working at once, and the REST hooks subscribed with it are removed.",
          params: idParamsSchema,
          response: { 204: z.void(), ...answers },
        },
      },
      async (request, reply) => {
        await keys.revoke(request.userId, request.params.id);
        return reply.status(204).send();
      },
    );
  });
}
