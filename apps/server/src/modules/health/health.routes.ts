import { referenceListEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ApiOptions } from "../../app-context";
import { defineRoute } from "../../plugins/define-route";

/** `getHealth` of the contract's endpoint table. */
export async function healthRoutes(app: FastifyInstance, { context }: ApiOptions) {
  defineRoute(app, endpoints.getHealth, async () => {
    await context.database.ping();
    return { status: "ok" as const };
  });
}
