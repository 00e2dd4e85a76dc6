import { supportEndpoints as endpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ApiOptions } from "../../app-context";
import { defineRoute } from "../../plugins/define-route";
import { pickSettings, publicSettingsOf } from "./public-settings";

/** `getPublicSettings` (docs/api.md "Public settings"): no account needed, nothing private. */
export async function publicSettingsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const all = publicSettingsOf(context.config);
  defineRoute(app, endpoints.getPublicSettings, async (request, reply) =>
    reply
      .header("cache-control", "public, max-age=300")
      .send(pickSettings(all, request.query.keys)),
  );
}
