import type { FastifyInstance } from "fastify";
import type { AppContext } from "./app-context";
import { healthRoutes } from "./modules/health/health.routes";

export interface ApiOptions {
  context: AppContext;
}

/** Every module's routes under /api/v1, registered explicitly (no autoload). */
export async function apiRoutes(app: FastifyInstance, { context }: ApiOptions) {
  await app.register(healthRoutes, { context });
}
