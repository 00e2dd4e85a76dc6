import { passwordResetEndpoints as endpoints } from "@leadquiz/contract";
import { translate } from "@leadquiz/i18n";
import type { FastifyInstance } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import type { ApiOptions } from "../../app-context";
import { FieldErrors } from "../../lib/app-error";
import { languageFromAcceptLanguage } from "../../lib/request-language";
import { defineRoute } from "../../plugins/define-route";
import { rateLimitFor } from "../../plugins/rate-limit";
import { createAccountRecoveryWorkflow } from "../../workflows/account-recovery";
import { createPasswordResetService } from "./password-reset.service";

/** POST password_reset/ and POST password_reset/confirm/ (public, no authentication). */
export async function passwordResetRoutes(app: FastifyInstance, { context }: ApiOptions) {
  const service = createPasswordResetService(context);
  const recovery = createAccountRecoveryWorkflow(context);
  const routes = app.withTypeProvider<ZodTypeProvider>();

  defineRoute(
    routes,
    endpoints.requestPasswordReset,
    async (request) => {
      if (request.validationError) throw emailNotValid(request.validationError);
      service.requestReset(request.body.email);
      const language = languageFromAcceptLanguage(request.headers["accept-language"]);
      return { detail: translate(language, "errors:password_reset_sent") };
    },
    {
      // 10 per hour per client address, 5 per hour per e-mail address (plugins/rate-limit.ts).
      ...rateLimitFor(app, "passwordReset"), // This call answers a bad address with its own message (docs/product.md "Messages").
      attachValidation: true,
    },
  );

  defineRoute(routes, endpoints.confirmPasswordReset, async (request) => {
    await recovery.confirmReset(request.body.token, request.body.password);
    const language = languageFromAcceptLanguage(request.headers["accept-language"]);
    return { detail: translate(language, "errors:password_reset_done") };
  });
}

/** Any problem with `email` → `{"email": ["Email is not valid"]}`; anything else as usual. */
function emailNotValid(error: Error): Error {
  if (!hasZodFastifySchemaValidationErrors(error)) return error;
  const onEmail = error.validation.some((issue) => issue.instancePath === "/email");
  return onEmail ? new FieldErrors({ email: ["errors:email_not_valid"] }) : error;
}
