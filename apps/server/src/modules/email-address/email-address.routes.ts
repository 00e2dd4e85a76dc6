import {
  apiPaths,
  detailResponseSchema,
  emailChangeRequestSchema,
  emailTokenRequestSchema,
  errorBodySchema,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import { translate } from "@leadquiz/i18n";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { languageFromAcceptLanguage } from "../../lib/request-language";
import { authenticatedContext } from "../../plugins/authenticate";
import { rateLimitFor } from "../../plugins/rate-limit";
import { createEmailAddressService } from "./email-address.service";

const tags = ["accounts"];

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
  const tokenResponses = {
    200: detailResponseSchema,
    400: validationErrorBodySchema,
    404: errorBodySchema,
  };

  routes.post(
    apiPaths.emailVerify,
    {
      schema: {
        tags,
        summary: "Confirms the account's e-mail address with the mailed link's token",
        description:
          '404 `not_found` "Token is not valid" for an unknown, used or expired token, or ' +
          "when the account's address changed since the link was sent.",
        body: emailTokenRequestSchema,
        response: tokenResponses,
      },
    },
    async (request) => {
      await service.verify(request.body.token);
      return detail(request, "email_verified");
    },
  );

  routes.post(
    apiPaths.emailChangeConfirm,
    {
      schema: {
        tags,
        summary: "Makes the new address the account's e-mail with the mailed link's token",
        description:
          '404 `not_found` "Token is not valid" for an unknown, used or expired token, or ' +
          "when another account took the address meanwhile.",
        body: emailTokenRequestSchema,
        response: tokenResponses,
      },
    },
    async (request) => {
      await service.confirmChange(request.body.token);
      return detail(request, "email_changed");
    },
  );

  await authenticatedContext(app, context, async (scope) => {
    const authenticated = scope.withTypeProvider<ZodTypeProvider>();

    authenticated.post(
      apiPaths.emailVerifyResend,
      {
        ...rateLimitFor(app, "emailVerifyResend"),
        schema: {
          tags,
          summary: "Mails a new verification link to the account's address",
          description:
            "Nothing is sent when the address is already confirmed; the answer is the same. " +
            "The new link replaces the earlier ones.",
          response: { 200: detailResponseSchema, 401: errorBodySchema, 429: errorBodySchema },
        },
      },
      async (request) => {
        service.sendVerification(request.userId);
        return detail(request, "email_verification_sent");
      },
    );

    authenticated.post(
      apiPaths.emailChange,
      {
        ...rateLimitFor(app, "emailChange"),
        schema: {
          tags,
          summary: "Asks to change the account's e-mail address",
          description:
            "Checks `password` (wrong → 400 `password`), then mails a confirmation link to " +
            "the new address and a notice to the current one; the address changes only when " +
            "the link is followed (POST email/change/confirm/). The answer is the same whether " +
            "the new address is free or belongs to another account.",
          body: emailChangeRequestSchema,
          response: {
            200: detailResponseSchema,
            400: validationErrorBodySchema,
            401: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      async (request) => {
        await service.requestChange(request.userId, request.body.email, request.body.password);
        return detail(request, "email_change_sent");
      },
    );
  });
}
