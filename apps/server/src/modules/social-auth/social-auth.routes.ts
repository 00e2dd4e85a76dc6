import { socialAuthEndpoints as endpoints } from "@leadquiz/contract";
import { isInterfaceLanguage } from "@leadquiz/i18n";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { languageFromAcceptLanguage } from "../../lib/request-language";
import { defineRoute } from "../../plugins/define-route";
import { rateLimitFor } from "../../plugins/rate-limit";
import { createSocialAuthService, type Redirect } from "./social-auth.service";

/**
 * Social sign-in (public): GET auth/providers/, GET auth/{provider}/start/,
 * GET auth/{provider}/callback/.
 */
export async function socialAuthRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createSocialAuthService(context);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  defineRoute(routes, endpoints.listSocialProviders, async () => service.providers());

  defineRoute(routes, endpoints.startSocialSignIn, async (request, reply) => {
    const language = isInterfaceLanguage(request.query.language)
      ? request.query.language
      : languageFromAcceptLanguage(request.headers["accept-language"]);
    const redirect = await service.start(request.params.provider, {
      redirectUrl: request.query.redirectUrl,
      language,
    });
    return sendRedirect(reply, redirect);
  });

  defineRoute(routes, endpoints.finishSocialSignIn, async (request, reply) => {
    const query = Object.fromEntries(
      Object.entries(request.query).filter(
        (entry): entry is [string, string] => typeof entry[1] === "string",
      ),
    );
    const redirect = await service.finish(request.params.provider, query, request.headers.cookie);
    return sendRedirect(reply, redirect);
  });

  defineRoute(
    routes,
    endpoints.exchangeSocialSignInCode,
    async (request, reply) => {
      const { body, setCookie } = await service.exchange(
        request.body.code,
        request.body.password,
        request.headers.cookie,
      );
      if (setCookie) reply.header("set-cookie", setCookie);
      return reply.header("cache-control", "no-store").send(body);
    },
    rateLimitFor(app, "socialExchange"),
  );
}

function sendRedirect(reply: FastifyReply, { location, setCookie }: Redirect) {
  return reply
    .header("set-cookie", setCookie)
    .header("cache-control", "no-store")
    .header("referrer-policy", "no-referrer")
    .redirect(location, 302);
}
