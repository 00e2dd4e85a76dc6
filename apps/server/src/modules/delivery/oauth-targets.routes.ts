import { oauthProviders, oauthTargetEndpoints, oauthTargetsEndpoints } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { createSecretBox } from "../../lib/secret-box";
import { authenticatedContext } from "../../plugins/authenticate";
import { defineRoute } from "../../plugins/define-route";
import { oauthProviders as buildProviders, outgoingHttpFor } from "./delivery-adapters";
import { createOAuthTargetsService } from "./oauth-targets.service";

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

  defineRoute(app, oauthTargetsEndpoints.oauthCallback, async (request, reply) => {
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

    defineRoute(routes, oauthTargetsEndpoints.listOAuthTargets, async () => service.targets());

    for (const provider of oauthProviders) {
      const endpoints = oauthTargetEndpoints(provider);
      defineRoute(routes, endpoints.consentLink, async (request, reply) => {
        const { body, setCookie } = await service.authLink(
          request.userId,
          provider,
          request.params.id,
        );
        return reply.header("set-cookie", setCookie).send(body);
      });
      defineRoute(routes, endpoints.get, async (request) =>
        service.get(request.userId, provider, request.params.id),
      );
      defineRoute(routes, endpoints.remove, async (request, reply) => {
        await service.remove(request.userId, provider, request.params.id);
        return reply.status(204).send();
      });
    }
  });
}
