import {
  apiPaths,
  detailResponseSchema,
  errorBodySchema,
  passwordResetConfirmRequestSchema,
  passwordResetRequestSchema,
  validationErrorBodySchema,
} from "@leadquiz/contract";
import { translate } from "@leadquiz/i18n";
import type { FastifyInstance } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { FieldErrors } from "../../lib/app-error";
import { languageFromAcceptLanguage } from "../../lib/request-language";
import { rateLimitFor } from "../../plugins/rate-limit";
import { createAccountRecoveryWorkflow } from "../../workflows/account-recovery";
import { createPasswordResetService } from "./password-reset.service";

/** POST password_reset/ and POST password_reset/confirm/ (public, no authentication). */
export async function passwordResetRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createPasswordResetService(context);
  const recovery = createAccountRecoveryWorkflow(context);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    apiPaths.passwordReset,
    {
      // 10 per hour per client address, 5 per hour per e-mail address (plugins/rate-limit.ts).
      ...rateLimitFor(app, "passwordReset"),
      schema: {
        tags: ["accounts"],
        summary: "Sends a password-reset link if an account has this address",
        description:
          "Answers 200 for every well-formed address, known or not (no account enumeration). " +
          "A new link retires the account's earlier ones.",
        body: passwordResetRequestSchema,
        response: {
          200: detailResponseSchema,
          400: validationErrorBodySchema,
          429: errorBodySchema,
        },
      },
      // This call answers a bad address with its own message (docs/product.md "Messages").
      attachValidation: true,
    },
    async (request) => {
      if (request.validationError) throw emailNotValid(request.validationError);
      service.requestReset(request.body.email);
      const language = languageFromAcceptLanguage(request.headers["accept-language"]);
      return { detail: translate(language, "errors:password_reset_sent") };
    },
  );

  routes.post(
    apiPaths.passwordResetConfirm,
    {
      schema: {
        tags: ["accounts"],
        summary: "Sets a new password with a reset token",
        description:
          '404 `not_found` "Token is not valid" for an unknown, expired or used token, and ' +
          "for one that a newer reset link, a password or e-mail change or signing out " +
          "everywhere has retired (only the newest link works, once, for an hour). On " +
          "success every access and refresh token of the account stops working at once, " +
          "and every API key of the account is revoked with the REST hooks made with it " +
          "(the owner is told by e-mail which).",
        body: passwordResetConfirmRequestSchema,
        response: {
          200: detailResponseSchema,
          400: validationErrorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      await recovery.confirmReset(request.body.token, request.body.password);
      const language = languageFromAcceptLanguage(request.headers["accept-language"]);
      return { detail: translate(language, "errors:password_reset_done") };
    },
  );
}

/** Any problem with `email` → `{"email": ["Email is not valid"]}`; anything else as usual. */
function emailNotValid(error: Error): Error {
  if (!hasZodFastifySchemaValidationErrors(error)) return error;
  const onEmail = error.validation.some((issue) => issue.instancePath === "/email");
  return onEmail ? new FieldErrors({ email: ["errors:email_not_valid"] }) : error;
}
