import { emailAddressEndpoints as endpoints } from "@leadquiz/contract";
import { translate } from "@leadquiz/i18n";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { languageFromAcceptLanguage } from "../../lib/request-language";
import { authenticatedContext } from "../../plugins/authenticate";
import { defineRoute } from "../../plugins/define-route";
import { rateLimitFor } from "../../plugins/rate-limit";
import { createEmailAddressService } from "./email-address.service";

function detail(request: FastifyRequest, key: string) {
  const language = languageFromAcceptLanguage(request.headers["accept-language"]);
  return { detail: translate(language, `errors:${key}`) };
}

/**
 * POST email/verify/, email/change/confirm/ (public: the mailed links) and
 * email/verify/resend/, email/change/ (authenticated) — docs/security.md.
 */
export async function emailAddressRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createEmailAddressService(context);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  defineRoute(routes, endpoints.verifyEmail, async (request) => {
    await service.verify(request.body.token);
    return detail(request, "email_verified");
  });

  defineRoute(routes, endpoints.confirmEmailChange, async (request) => {
    await service.confirmChange(request.body.token);
    return detail(request, "email_changed");
  });

  await authenticatedContext(app, context, async (scope) => {
    const authenticated = scope.withTypeProvider<ZodTypeProvider>();

    defineRoute(
      authenticated,
      endpoints.resendEmailVerification,
      async (request) => {
        service.sendVerification(request.userId);
        return detail(request, "email_verification_sent");
      },
      rateLimitFor(app, "emailVerifyResend"),
    );

    defineRoute(
      authenticated,
      endpoints.requestEmailChange,
      async (request) => {
        await service.requestChange(request.userId, request.body.email, request.body.password);
        return detail(request, "email_change_sent");
      },
      rateLimitFor(app, "emailChange"),
    );
  });
}
