import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import type { AppContext } from "../app-context";
import { AppError } from "../lib/app-error";
import { createTokenService } from "../modules/accounts";
import { serverTiming } from "./server-timing";

declare module "fastify" {
  interface FastifyRequest {
    /**
     * The id of the account whose access token the request carries. Set only inside an
     * `authenticatedContext` (0 elsewhere); handlers there can rely on it being a real id.
     */
    userId: number;
    /**
     * When the session of the access token last really signed in (seconds since the epoch,
     * the token's `auth_time`; 0 when unknown). Set only inside an `authenticatedContext`.
     * Operations that hand out lasting credentials (an API key) ask for a recent one.
     */
    authTime: number;
  }
}

/**
 * Registers routes that require `Authorization: Bearer <access>` (docs/api.md
 * "Conventions": authentication is structural). The routes live in their own encapsulated context
 * whose onRequest hook verifies the access token (HS256 only, issuer `leadquiz`, type `access`)
 * before the body is even parsed, and sets `request.userId` and `request.authTime`. One thing is
 * loaded from the database: the account's credential generation (one lookup by primary key),
 * which must still be the token's (docs/adr/0018), so a token dies at once when the owner signs
 * out everywhere, resets or changes the password or changes the e-mail. A handler that needs the
 * user loads it, scoped by `request.userId`.
 *
 * - no Authorization header (or not a Bearer one) → 401 `not_authenticated`
 * - a bad, expired, foreign-key or wrong-algorithm token, or one of an earlier credential
 *   generation or a deleted account → 401 `token_not_valid`
 *
 * Every route of the context is marked `security: [{bearer: []}]` in the OpenAPI document.
 *
 * Usage, from a module's routes plugin:
 *
 *     export async function projectsRoutes(app: FastifyInstance, { context }: ApiOptions) {
 *       await authenticatedContext(app, context, async (scope) => {
 *         scope.withTypeProvider<ZodTypeProvider>().get("/projects/", { schema }, async (request) =>
 *           service.list(request.userId),
 *         );
 *       });
 *     }
 */
export async function authenticatedContext(
  app: FastifyInstance,
  context: Pick<AppContext, "db" | "secrets">,
  routes: (scope: FastifyInstance) => Promise<void> | void,
): Promise<void> {
  await app.register(async function authenticated(scope) {
    if (!scope.hasRequestDecorator("userId")) scope.decorateRequest("userId", 0);
    if (!scope.hasRequestDecorator("authTime")) scope.decorateRequest("authTime", 0);
    scope.addHook("onRequest", authenticate(context));
    scope.addHook("onSend", serverTiming);
    scope.addHook("onRoute", (route) => {
      route.schema = { ...route.schema, security: [{ bearer: [] }] };
    });
    await routes(scope);
  });
}

/**
 * The hook itself, for the rare route that must add it by hand (prefer
 * `authenticatedContext`): `{ onRequest: authenticate(context) }`.
 */
export function authenticate(context: Pick<AppContext, "db" | "secrets">) {
  const tokens = createTokenService(context);
  const hook: onRequestAsyncHookHandler = async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    if (token === undefined) {
      throw new AppError("not_authenticated", undefined, {}, { "www-authenticate": "Bearer" });
    }
    const claims = await tokens.verifyAccessToken(token);
    if (!claims) {
      throw new AppError(
        "token_not_valid",
        undefined,
        {},
        {
          "www-authenticate": 'Bearer error="invalid_token"',
        },
      );
    }
    request.userId = claims.userId;
    request.authTime = claims.authTime;
  };
  return hook;
}

/** The token of `Authorization: Bearer <token>` (scheme case-insensitive), else undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return match?.[1];
}
