import type { FastifyInstance } from "fastify";
import type { AppContext } from "./app-context";
import { accountsRoutes } from "./modules/accounts/accounts.routes";
import { healthRoutes } from "./modules/health/health.routes";
import { passwordResetRoutes } from "./modules/password-reset/password-reset.routes";
import { socialAuthRoutes } from "./modules/social-auth/social-auth.routes";
import { rateLimitPlugin } from "./plugins/rate-limit";

export interface ApiOptions {
  context: AppContext;
}

/** Every module's routes under /api/v1, registered explicitly (no autoload). */
export async function apiRoutes(app: FastifyInstance, { context }: ApiOptions) {
  // Before the routes: it decorates the scope with the limits `rateLimitFor` applies.
  await app.register(rateLimitPlugin, { context });
  await app.register(accountsRoutes, { context });
  await app.register(healthRoutes, { context });
  await app.register(passwordResetRoutes, { context });
  await app.register(socialAuthRoutes, { context });
}
