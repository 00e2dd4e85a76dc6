import { accountsEndpoints as endpoints } from "@leadquiz/contract";
import { translate } from "@leadquiz/i18n";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { AppError } from "../../lib/app-error";
import { languageFromAcceptLanguage } from "../../lib/request-language";
import { authenticatedContext } from "../../plugins/authenticate";
import { defineRoute } from "../../plugins/define-route";
import { rateLimitFor } from "../../plugins/rate-limit";
import { createAccountsService } from "./accounts.service";
import { createRegistrationService } from "./registration.service";
import { createSessionCookie } from "./session-cookie";
import type { TokenPair } from "./tokens.service";

/**
 * POST register/, register/complete/, token/, token/refresh/, logout/ (public) and
 * logout/all/, change-password/, GET userinfo/, PATCH userinfo/{id}/ (authenticated) —
 * docs/api.md "Accounts". Rules live in the services; the session cookie in session-cookie.ts.
 */
export async function accountsRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createAccountsService(context);
  const registration = createRegistrationService(context);
  const sessionCookie = createSessionCookie(context.config.publicUrl);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  /** Answers the access token of `pair`; its refresh token goes into the session cookie. */
  function startSession(reply: FastifyReply, pair: TokenPair) {
    reply.header("set-cookie", sessionCookie.set(pair.refresh)).header("cache-control", "no-store");
    return { access: pair.access };
  }

  /**
   * Runs a refresh or logout with the request's session cookie; when the answer is that the
   * session is over (401), the cookie is deleted too.
   */
  async function withSessionCookie<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError && error.status === 401) {
        reply.header("set-cookie", sessionCookie.clear());
      }
      throw error;
    }
  }

  defineRoute(
    routes,
    endpoints.register,
    async (request, reply) => {
      const { email, password, language, referral_code } = request.body;
      await registration.register({ email, password, language, referralCode: referral_code });
      const answerLanguage = languageFromAcceptLanguage(request.headers["accept-language"]);
      return reply
        .status(202)
        .send({ detail: translate(answerLanguage, "errors:registration_started") });
    },
    rateLimitFor(app, "register"),
  );

  defineRoute(routes, endpoints.completeRegistration, async (request, reply) =>
    startSession(reply, await registration.complete(request.body.token)),
  );

  defineRoute(
    routes,
    endpoints.signIn,
    async (request, reply) =>
      startSession(reply, await service.login(request.body.email, request.body.password)),
    rateLimitFor(app, "token"),
  );

  defineRoute(routes, endpoints.refreshToken, async (request, reply) =>
    startSession(
      reply,
      await withSessionCookie(reply, () => service.refresh(sessionCookie.read(request))),
    ),
  );

  defineRoute(routes, endpoints.signOut, async (request, reply) => {
    await withSessionCookie(reply, () => service.logout(sessionCookie.read(request)));
    return reply.status(205).header("set-cookie", sessionCookie.clear()).send();
  });

  await authenticatedContext(app, context, async (scope) => {
    const authenticated = scope.withTypeProvider<ZodTypeProvider>();

    defineRoute(authenticated, endpoints.signOutEverywhere, async (request, reply) => {
      await service.logoutEverywhere(request.userId);
      return reply.status(205).header("set-cookie", sessionCookie.clear()).send();
    });

    defineRoute(
      authenticated,
      endpoints.changePassword,
      async (request, reply) => {
        const { old_password, new_password } = request.body;
        const pair = await service.changePassword(request.userId, old_password, new_password);
        const language = languageFromAcceptLanguage(request.headers["accept-language"]);
        return {
          detail: translate(language, "errors:password_changed"),
          ...startSession(reply, pair),
        };
      },
      rateLimitFor(app, "passwordConfirm"),
    );

    defineRoute(authenticated, endpoints.getUserInfo, async (request) => [
      await service.getUser(request.userId),
    ]);

    defineRoute(authenticated, endpoints.updateUserInfo, async (request) => {
      const targetId = /^\d{1,15}$/.test(request.params.id) ? Number(request.params.id) : -1;
      const { first_name, last_name, email, language_code } = request.body;
      return service.updateUser(request.userId, targetId, {
        firstName: first_name,
        lastName: last_name,
        email,
        languageCode: language_code,
      });
    });
  });
}
