import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import type { AppContext } from "../app-context";
import { AppError } from "../lib/app-error";
import { createApiKeysService } from "../modules/api-keys";
import { bearerToken } from "./authenticate";

declare module "fastify" {
  interface FastifyRequest {
    /** The API key a request of an `apiKeyContext` carries (0 elsewhere). */
    apiKeyId: number;
  }
}

/**
 * Registers routes authenticated by an account API key, `Authorization: Bearer lq_<key>`
 * (docs/delivery.md "REST hooks"). Only the automation routes (`hooks/`) live in such a
 * context; everything else keeps `authenticatedContext` (access tokens), which refuses a key
 * since a key is no JWT. An access token is refused here in turn: a platform gets a key.
 *
 * - no Authorization header (or not a Bearer one) → 401 `not_authenticated`
 * - an unknown or revoked key, or anything that is not a key → 401 `token_not_valid`
 *
 * Sets `request.userId` (the key's account) and `request.apiKeyId`, and marks the key used.
 * Every route of the context is marked `security: [{apiKey: []}]` in the OpenAPI document.
 */
export async function apiKeyContext(
  app: FastifyInstance,
  context: Pick<AppContext, "db">,
  routes: (scope: FastifyInstance) => Promise<void> | void,
): Promise<void> {
  const keys = createApiKeysService(context);
  await app.register(async function byApiKey(scope) {
    if (!scope.hasRequestDecorator("userId")) scope.decorateRequest("userId", 0);
    if (!scope.hasRequestDecorator("apiKeyId")) scope.decorateRequest("apiKeyId", 0);
    const hook: onRequestAsyncHookHandler = async (request: FastifyRequest) => {
      const token = bearerToken(request.headers.authorization);
      if (token === undefined) {
        throw new AppError("not_authenticated", undefined, {}, { "www-authenticate": "Bearer" });
      }
      const key = await keys.authenticate(token);
      if (!key) {
        throw new AppError(
          "token_not_valid",
          undefined,
          {},
          { "www-authenticate": 'Bearer error="invalid_token"' },
        );
      }
      request.userId = key.userId;
      request.apiKeyId = key.id;
    };
    scope.addHook("onRequest", hook);
    scope.addHook("onRoute", (route) => {
      route.schema = { ...route.schema, security: [{ apiKey: [] }] };
    });
    await routes(scope);
  });
}
