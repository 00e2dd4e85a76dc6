import { emailChangeRequestSchema, emailTokenRequestSchema } from "../account-security";
import { detailResponseSchema } from "../auth";
import { errorBodySchema, validationErrorBodySchema } from "../errors";
import { endpoint } from "./endpoint";

const tags = ["accounts"];

const tokenResponses = {
  200: detailResponseSchema,
  400: validationErrorBodySchema,
  404: errorBodySchema,
};

/** The operations of apps/server's email-address.routes.ts (docs/api.md). */
export const emailAddressEndpoints = {
  verifyEmail: endpoint({
    method: "POST",
    path: "/email/verify/",
    operationId: "verifyEmail",
    tags,
    summary: "Confirms the account's e-mail address with the mailed link's token",
    description:
      '404 `not_found` "Token is not valid" for an unknown, used or expired token, or ' +
      "when the account's address changed since the link was sent.",
    body: emailTokenRequestSchema,
    responses: tokenResponses,
  }),
  confirmEmailChange: endpoint({
    method: "POST",
    path: "/email/change/confirm/",
    operationId: "confirmEmailChange",
    tags,
    summary: "Makes the new address the account's e-mail with the mailed link's token",
    description:
      '404 `not_found` "Token is not valid" for an unknown, used or expired token, or ' +
      "when another account took the address meanwhile.",
    body: emailTokenRequestSchema,
    responses: tokenResponses,
  }),
  resendEmailVerification: endpoint({
    method: "POST",
    path: "/email/verify/resend/",
    operationId: "resendEmailVerification",
    tags,
    summary: "Mails a new verification link to the account's address",
    description:
      "Nothing is sent when the address is already confirmed; the answer is the same. " +
      "The new link replaces the earlier ones.",
    responses: { 200: detailResponseSchema, 401: errorBodySchema, 429: errorBodySchema },
  }),
  requestEmailChange: endpoint({
    method: "POST",
    path: "/email/change/",
    operationId: "requestEmailChange",
    tags,
    summary: "Asks to change the account's e-mail address",
    description:
      "Checks `password` (wrong → 400 `password`), then mails a confirmation link to " +
      "the new address and a notice to the current one; the address changes only when " +
      "the link is followed (POST email/change/confirm/). The answer is the same whether " +
      "the new address is free or belongs to another account.",
    body: emailChangeRequestSchema,
    responses: {
      200: detailResponseSchema,
      400: validationErrorBodySchema,
      401: errorBodySchema,
      429: errorBodySchema,
    },
  }),
} as const;
