import { z } from "zod";
import { authExchangeRequestSchema, authExchangeResponseSchema } from "../account-security";
import { authProvidersResponseSchema } from "../auth";
import { errorBodySchema, validationErrorBodySchema } from "../errors";
import { endpoint } from "./endpoint";

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

/** The operations of apps/server's social-auth.routes.ts (docs/api.md). */
export const socialAuthEndpoints = {
  listSocialProviders: endpoint({
    method: "GET",
    path: "/auth/providers/",
    operationId: "listSocialProviders",
    tags: ["accounts"],
    summary: "Social sign-in providers configured on this server (may be empty)",
    responses: { 200: authProvidersResponseSchema },
  }),
  startSocialSignIn: endpoint({
    method: "GET",
    path: "/auth/{provider}/start/",
    operationId: "startSocialSignIn",
    tags: ["accounts"],
    summary: "Starts social sign-in: 302 to the provider",
    params: providerParams,
    query: startQuery,
    redirect: "To the provider's sign-in page",
    errors: [400, 404],
  }),
  finishSocialSignIn: endpoint({
    method: "GET",
    path: "/auth/{provider}/callback/",
    operationId: "finishSocialSignIn",
    tags: ["accounts"],
    summary: "Finishes social sign-in: 302 to the web app's /auth/callback with a code",
    description:
      "Lands on `{PUBLIC_URL}/auth/callback#code=…` (a one-time code for POST " +
      "auth/exchange/, valid 5 minutes, bound to this browser by an HttpOnly cookie), or " +
      "`#error=social_signin_failed`, or `#error=provider_email_unverified` when no " +
      "account has the address and the provider did not say `email_verified: true` " +
      "(no account is made). Never tokens in the URL.",
    params: providerParams,
    query: callbackQuery,
    redirect:
      "To the web app's /auth/callback, with a one-time code to exchange by POST /auth/exchange/ (or `error=social_signin_failed` or `error=provider_email_unverified`) in the fragment",
    errors: [400, 404],
  }),
  exchangeSocialSignInCode: endpoint({
    method: "POST",
    path: "/auth/exchange/",
    operationId: "exchangeSocialSignInCode",
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
    responses: {
      200: authExchangeResponseSchema,
      400: validationErrorBodySchema,
      401: errorBodySchema,
      429: errorBodySchema,
    },
    sessionCookie: "sets",
  }),
} as const;
