import {
  apiPaths,
  oauthTargetsEndpoints as endpoints,
  errorBodySchema,
  idParamsSchema,
  integrationTargets,
  oauthIntegrationSchema,
  oauthLinkSchema,
  oauthProviders,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ApiOptions } from "../../app-context";
import { createSecretBox } from "../../lib/secret-box";
import { authenticatedContext } from "../../plugins/authenticate";
import { defineRoute } from "../../plugins/define-route";
import { oauthProviders as buildProviders, outgoingHttpFor } from "./delivery-adapters";
import { createOAuthTargetsService } from "./oauth-targets.service";

const tags = ["lead delivery"];
const answers = { 400: validationErrorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/**
 * The OAuth CRMs of the registry (packages/contract `integrationTargets`, operations `getHubspotAuthLink`, `oauthCallback`, …; docs/delivery.md
 * "OAuth targets"): consent links for the owner, the callback the provider sends the
 * browser to (no sign-in: the single-use state names the owner and quiz, and a cookie binds
 * it to the browser that asked for the link), and reading and
 * disconnecting a quiz's connection. Switching on/off and test leads are the common
 * `integration/{id}/…` calls.
 */
export async function oauthTargetsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createOAuthTargetsService({
    db: context.db,
    box: createSecretBox(context.secrets.encryptionKey),
    encryptionKey: context.secrets.encryptionKey,
    config: context.config,
    providers: buildProviders(context.config, outgoingHttpFor(context.config)),
  });

  defineRoute(app, endpoints.oauthCallback, async (request, reply) => {
    const query = Object.fromEntries(
      Object.entries(request.query).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string",
      ),
    );
    const { location, setCookie } = await service.callback(
      request.params.provider,
      query,
      request.headers.cookie,
    );
    if (setCookie) reply.header("set-cookie", setCookie);
    return reply
      .header("cache-control", "no-store")
      .header("referrer-policy", "no-referrer")
      .redirect(location, 302);
  });

  await authenticatedContext(app, context, async (scope) => {
    const routes = scope.withTypeProvider<ZodTypeProvider>();

    defineRoute(routes, endpoints.listOAuthTargets, async () => service.targets());

    for (const provider of oauthProviders) {
      const name = integrationTargets[provider].name;
      routes.get(
        apiPaths.oauthConsentLink(provider, ":id"),
        {
          schema: {
            tags,
            summary: `The ${name} consent link for a quiz`,
            description:
              "Open it in the browser that asked for it (the answer sets a short-lived cookie " +
              "the callback checks); it works once, for 10 minutes. 404 when the server " +
              `has no ${name} app (\`oauth_not_configured\`).`,
            params: idParamsSchema,
            response: { 200: oauthLinkSchema, ...answers },
          },
        },
        async (request, reply) => {
          const { body, setCookie } = await service.authLink(
            request.userId,
            provider,
            request.params.id,
          );
          return reply.header("set-cookie", setCookie).send(body);
        },
      );
      routes.get(
        apiPaths.oauthIntegrationOfQuiz(provider, ":id"),
        {
          schema: {
            tags,
            summary: `Reads a quiz's ${name} connection`,
            description:
              "404 when not connected. Tokens are never answered; `disabled_reason: " +
              '"reauthorise"` asks the owner to connect again.',
            params: idParamsSchema,
            response: { 200: oauthIntegrationSchema, ...answers },
          },
        },
        async (request) => service.get(request.userId, provider, request.params.id),
      );
      routes.delete(
        apiPaths.oauthIntegrationOfQuiz(provider, ":id"),
        {
          schema: {
            tags,
            summary: `Disconnects a quiz's ${name} account`,
            params: idParamsSchema,
            response: { 204: z.void(), ...answers },
          },
        },
        async (request, reply) => {
          await service.remove(request.userId, provider, request.params.id);
          return reply.status(204).send();
        },
      );
    }
  });
}
