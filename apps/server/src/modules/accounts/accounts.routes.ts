import {
  apiPaths,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  errorBodySchema,
  logoutRequestSchema,
  refreshRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  tokenPairSchema,
  tokenRequestSchema,
  userinfoPatchSchema,
  userinfoResponseSchema,
  userSchema,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import { translate } from "@leadquiz/i18n";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ApiOptions } from "../../app-context";
import { languageFromAcceptLanguage } from "../../lib/request-language";
import { authenticatedContext } from "../../plugins/authenticate";
import { rateLimitFor } from "../../plugins/rate-limit";
import { createAccountsService } from "./accounts.service";

const tags = ["accounts"];
const rateLimited = { 429: errorBodySchema };
const unauthenticated = { 401: errorBodySchema };

/** change-password/ answers the acknowledgement and the session's new token pair. */

/**
 * POST register/, token/, token/refresh/, logout/ (public) and logout/all/, change-password/,
 * GET userinfo/, PATCH userinfo/{id}/ (authenticated) — docs/api.md "Accounts". Rules live in the service.
 */
export async function accountsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createAccountsService(context);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    apiPaths.register,
    {
      ...rateLimitFor(app, "register"),
      schema: {
        tags,
        summary: "Creates an account",
        description:
          "The username is always the e-mail (a differing `username` is ignored). `language` " +
          "becomes the user's language_code. A `referral_code` of an existing user links the " +
          "account to that user; an unknown code is ignored. A taken e-mail or a weak " +
          "password answers 400 per field.",
        body: registerRequestSchema,
        response: { 201: registerResponseSchema, 400: validationErrorBodySchema, ...rateLimited },
      },
    },
    async (request, reply) => {
      const { email, password, language, referral_code } = request.body;
      const created = await service.register({
        email,
        password,
        language,
        referralCode: referral_code,
      });
      return reply.status(201).send(created);
    },
  );

  routes.post(
    apiPaths.token,
    {
      ...rateLimitFor(app, "token"),
      schema: {
        tags,
        summary: "Signs in: a new access and refresh token",
        description:
          "An unknown e-mail, a wrong password and an account without a password (social " +
          "sign-in only) all answer 401 `invalid_credentials`, in the same time.",
        body: tokenRequestSchema,
        response: {
          200: tokenPairSchema,
          400: validationErrorBodySchema,
          ...unauthenticated,
          ...rateLimited,
        },
      },
    },
    async (request) => service.login(request.body.email, request.body.password),
  );

  routes.post(
    apiPaths.tokenRefresh,
    {
      schema: {
        tags,
        summary: "Spends a refresh token for a new pair",
        description:
          "The refresh token rotates: the one sent is spent afterwards. For 30 seconds the " +
          "immediately previous token answers with the same successor (two tabs refreshing " +
          "at once); any other spent token revokes its whole chain (the session is over). " +
          "401 `token_not_valid`.",
        body: refreshRequestSchema,
        response: { 200: tokenPairSchema, 400: validationErrorBodySchema, ...unauthenticated },
      },
    },
    async (request) => service.refresh(request.body.refresh),
  );

  routes.post(
    apiPaths.logout,
    {
      schema: {
        tags,
        summary: "Signs out: revokes the refresh token",
        description:
          "Revokes the refresh token and its chain. Idempotent: an unknown, expired, " +
          "malformed or already revoked token also answers 205, so a client can always " +
          "clear its session.",
        body: logoutRequestSchema,
        response: {
          205: z.void().describe("Reset Content: no body"),
          400: validationErrorBodySchema,
        },
      },
    },
    async (request, reply) => {
      await service.logout(request.body.refresh);
      return reply.status(205).send();
    },
  );

  await authenticatedContext(app, context, async (scope) => {
    const authenticated = scope.withTypeProvider<ZodTypeProvider>();

    authenticated.post(
      apiPaths.logoutAll,
      {
        schema: {
          tags,
          summary: "Signs out everywhere: ends every session of the account",
          description:
            "Every access token and every refresh token of the account stops working at " +
            "once, on every device, this one included (the access token sent with this call " +
            "too): the next call with any of them answers 401 `token_not_valid`. Outstanding " +
            "password-reset links die as well. API keys are not touched (revoke them on " +
            "their own). Answers 205 with no body.",
          response: {
            205: z.void().describe("Reset Content: no body"),
            ...unauthenticated,
          },
        },
      },
      async (request, reply) => {
        await service.logoutEverywhere(request.userId);
        return reply.status(205).send();
      },
    );

    authenticated.post(
      apiPaths.changePassword,
      {
        schema: {
          tags,
          summary: "Changes the password",
          description:
            "Checks `old_password` (wrong → 400 `old_password`) and applies the password rule " +
            "to `new_password` (400 `new_password`). On success every access and refresh " +
            "token of the user stops working at once — all other sessions end, and so do " +
            "outstanding password-reset links — and the answer carries a fresh " +
            "`access`/`refresh` pair so this session continues; the client must use it (the " +
            "access token sent with this call is refused from now on).",
          body: changePasswordRequestSchema,
          response: {
            200: changePasswordResponseSchema,
            400: validationErrorBodySchema,
            ...unauthenticated,
          },
        },
      },
      async (request) => {
        const { old_password, new_password } = request.body;
        const pair = await service.changePassword(request.userId, old_password, new_password);
        const language = languageFromAcceptLanguage(request.headers["accept-language"]);
        return { detail: translate(language, "errors:password_changed"), ...pair };
      },
    );

    authenticated.get(
      apiPaths.userinfo,
      {
        schema: {
          tags,
          summary: "The signed-in user, as a list of one",
          response: { 200: userinfoResponseSchema, ...unauthenticated },
        },
      },
      async (request) => [await service.getUser(request.userId)],
    );

    authenticated.patch(
      apiPaths.userinfoById(":id"),
      {
        schema: {
          tags,
          summary: "Updates the signed-in user's profile",
          description:
            "Only the user's own id; any other id answers 404 `not_found`. A new e-mail also " +
            "becomes the username; one taken by another account answers 400 `email`. " +
            "Answers the updated user.",
          params: z.object({ id: z.string().describe("the user's id (an integer)") }),
          body: userinfoPatchSchema,
          response: {
            200: userSchema,
            400: validationErrorBodySchema,
            ...unauthenticated,
            404: errorBodySchema,
          },
        },
      },
      async (request) => {
        const targetId = /^\d{1,15}$/.test(request.params.id) ? Number(request.params.id) : -1;
        const { first_name, last_name, email, language_code } = request.body;
        return service.updateUser(request.userId, targetId, {
          firstName: first_name,
          lastName: last_name,
          email,
          languageCode: language_code,
        });
      },
    );
  });
}
