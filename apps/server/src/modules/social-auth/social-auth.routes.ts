import {
  apiPaths,
  authExchangeRequestSchema,
  authExchangeResponseSchema,
  authProvidersResponseSchema,
  errorBodySchema,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import { isInterfaceLanguage } from "@leadquiz/i18n";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ApiOptions } from "../../app-context";
import { languageFromAcceptLanguage } from "../../lib/request-language";
import { rateLimitFor } from "../../plugins/rate-limit";
import { createSocialAuthService, type Redirect } from "./social-auth.service";

const providerParams = z.object({ provider: z.string().min(1).max(64) });

const startQuery = z.object({
  /** A path of the web app to land on after signing in; anything but a local path is "/". */
  redirectUrl: z.string().optional(),
  /** The interface language (en, ru, uk) a new account gets; else Accept-Language. */
  language: z.string().optional(),
});

/** What the provider sends back; other parameters pass through to openid-client. */
const callbackQuery = z
  .object({
    code: z.string(),
    state: z.string(),
    iss: z.string(),
    error: z.string(),
    error_description: z.string(),
  })
  .partial()
  .loose();

/**
 * Social sign-in (public): GET auth/providers/, GET auth/{provider}/start/,
 * GET auth/{provider}/callback/.
 */
export async function socialAuthRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createSocialAuthService(context);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    apiPaths.authProviders,
    {
      schema: {
        tags: ["accounts"],
        summary: "Social sign-in providers configured on this server (may be empty)",
        response: { 200: authProvidersResponseSchema },
      },
    },
    async () => service.providers(),
  );

  routes.get(
    apiPaths.authStart(":provider"),
    {
      schema: {
        tags: ["accounts"],
        summary: "Starts social sign-in: 302 to the provider",
        params: providerParams,
        querystring: startQuery,
      },
    },
    async (request, reply) => {
      const language = isInterfaceLanguage(request.query.language)
        ? request.query.language
        : languageFromAcceptLanguage(request.headers["accept-language"]);
      const redirect = await service.start(request.params.provider, {
        redirectUrl: request.query.redirectUrl,
        language,
      });
      return sendRedirect(reply, redirect);
    },
  );

  routes.get(
    apiPaths.authCallback(":provider"),
    {
      schema: {
        tags: ["accounts"],
        summary: "Finishes social sign-in: 302 to the web app's /auth/callback with a code",
        description:
          "Lands on `{PUBLIC_URL}/auth/callback#code=…` (a one-time code for POST " +
          "auth/exchange/, valid 5 minutes, bound to this browser by an HttpOnly cookie), or " +
          "`#error=social_signin_failed`, or `#error=provider_email_unverified` when no " +
          "account has the address and the provider did not say `email_verified: true` " +
          "(no account is made). Never tokens in the URL.",
        params: providerParams,
        querystring: callbackQuery,
      },
    },
    async (request, reply) => {
      const query = Object.fromEntries(
        Object.entries(request.query).filter(
          (entry): entry is [string, string] => typeof entry[1] === "string",
        ),
      );
      const redirect = await service.finish(request.params.provider, query, request.headers.cookie);
      return sendRedirect(reply, redirect);
    },
  );

  routes.post(
    apiPaths.authExchange,
    {
      ...rateLimitFor(app, "socialExchange"),
      schema: {
        tags: ["accounts"],
        summary: "Exchanges social sign-in's one-time code for a session",
        description:
          "Only in the browser that finished the sign-in (its `lq_oidc_browser` cookie); the " +
          "code works once. When an account with the provider's address exists but its " +
          "address was never proven, or the provider did not say `email_verified: true` " +
          "(the boolean), answers `password_required` until `password` (that account's " +
          "password) comes with the code; a wrong one answers 400 `password`. " +
          "401 `token_not_valid` for an unknown, spent or expired code or another browser. " +
          "Signed in: the access token in the body, the refresh token in the HttpOnly session " +
          'cookie (docs/api.md "Accounts").',
        body: authExchangeRequestSchema,
        response: {
          200: authExchangeResponseSchema,
          400: validationErrorBodySchema,
          401: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { body, setCookie } = await service.exchange(
        request.body.code,
        request.body.password,
        request.headers.cookie,
      );
      if (setCookie) reply.header("set-cookie", setCookie);
      return reply.header("cache-control", "no-store").send(body);
    },
  );
}

function sendRedirect(reply: FastifyReply, { location, setCookie }: Redirect) {
  return reply
    .header("set-cookie", setCookie)
    .header("cache-control", "no-store")
    .header("referrer-policy", "no-referrer")
    .redirect(location, 302);
}
