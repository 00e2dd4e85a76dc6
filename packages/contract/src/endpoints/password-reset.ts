import {
  detailResponseSchema,
  passwordResetConfirmRequestSchema,
  passwordResetRequestSchema,
} from "../auth";
import { errorBodySchema, validationErrorBodySchema } from "../errors";
import { endpoint } from "./endpoint";

/** The operations of apps/server's password-reset.routes.ts (docs/api.md). */
export const passwordResetEndpoints = {
  requestPasswordReset: endpoint({
    method: "POST",
    path: "/password_reset/",
    operationId: "requestPasswordReset",
    tags: ["accounts"],
    summary: "Sends a password-reset link if an account has this address",
    description:
      "Answers 200 for every well-formed address, known or not (no account enumeration). " +
      "A new link retires the account's earlier ones.",
    body: passwordResetRequestSchema,
    responses: {
      200: detailResponseSchema,
      400: validationErrorBodySchema,
      429: errorBodySchema,
    },
  }),
  confirmPasswordReset: endpoint({
    method: "POST",
    path: "/password_reset/confirm/",
    operationId: "confirmPasswordReset",
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
    responses: {
      200: detailResponseSchema,
      400: validationErrorBodySchema,
      404: errorBodySchema,
    },
  }),
} as const;
