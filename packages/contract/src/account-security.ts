import { z } from "zod";
import { emailField, requiredText } from "./fields";

/**
 * Account-security calls (docs/security.md): finishing social sign-in with a one-time code,
 * proving the e-mail address, changing it.
 */

/** POST auth/exchange/: the one-time code of `/auth/callback#code=…` (and a password to link). */
export const authExchangeRequestSchema = z.object({
  code: requiredText.max(200),
  /** The existing account's password, when the exchange answered `password_required`. */
  password: z.string().max(128).optional(),
});
export type AuthExchangeRequest = z.input<typeof authExchangeRequestSchema>;

export const authExchangeResponseSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("signed_in"),
    /** The access token; the refresh token is in the session cookie the answer sets. */
    access: z.string(),
    /** The local path of the web app to land on. */
    redirect_url: z.string(),
  }),
  z.object({
    /** An account with the provider's address exists but its address is not proven. */
    status: z.literal("password_required"),
    email: z.string(),
  }),
]);
export type AuthExchangeResponse = z.infer<typeof authExchangeResponseSchema>;

/** POST email/verify/ and email/change/confirm/: the token of the mailed link. */
export const emailTokenRequestSchema = z.object({ token: requiredText.max(200) });
export type EmailTokenRequest = z.input<typeof emailTokenRequestSchema>;

/** POST email/change/: the new address and the current password. */
export const emailChangeRequestSchema = z.object({
  email: emailField,
  password: requiredText.max(128),
});
export type EmailChangeRequest = z.input<typeof emailChangeRequestSchema>;
