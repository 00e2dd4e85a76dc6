import {
  apiPaths,
  publicSettingsQuerySchema,
  publicSettingsSchema,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { pickSettings, publicSettingsOf } from "./public-settings";

/** `GET key_value/` (docs/api.md "Public settings"): no account needed, nothing private. */
export async function publicSettingsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const all = publicSettingsOf(context.config);
  app.withTypeProvider<ZodTypeProvider>().get(
    apiPaths.keyValue,
    {
      schema: {
        tags: ["public settings"],
        summary: "Public settings",
        description:
          "Repeat `keys` for each setting wanted. Known keys: referral_percentage, " +
          "min_withdrawal (currency units), trial_days, visitor_url (the origin of the quiz " +
          "pages, landings, public profiles and embed.js), course_url and support_email (the " +
          "last two only when the operator configured them). Unknown keys are left out.",
        querystring: publicSettingsQuerySchema,
        response: { 200: publicSettingsSchema, 400: validationErrorBodySchema },
      },
    },
    async (request, reply) =>
      reply
        .header("cache-control", "public, max-age=300")
        .send(pickSettings(all, request.query.keys)),
  );
}
