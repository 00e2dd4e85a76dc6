import { z } from "zod";
import { emailField, interfaceLanguageSchema, passwordField, requiredText } from "./fields";

export const registerRequestSchema = z.object({
  username: z.string().max(254).optional(),
  email: emailField,
  password: passwordField(),
  language: interfaceLanguageSchema.default("en"),
  referral_code: z.string().max(64).optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

/**
 * POST register/ answers 202 with this whatever the address (docs/security.md "Registration"):
 * the account is made when the link mailed to the address is followed (POST register/complete/).
 */
export const registerResponseSchema = z.object({ detail: z.string() });
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** POST register/complete/: the token of the link mailed at registration. */
export const registerCompleteRequestSchema = z.object({ token: requiredText.max(200) });
export type RegisterCompleteRequest = z.input<typeof registerCompleteRequestSchema>;

export const tokenRequestSchema = z.object({
  email: emailField,
  password: requiredText,
});
export type TokenRequest = z.input<typeof tokenRequestSchema>;

/**
 * What a call that starts or renews a session answers (token/, token/refresh/,
 * register/complete/): the access token. The refresh token is only ever in the HttpOnly session
 * cookie the same answer sets (docs/adr/0017-session-cookie.md).
 */
export const accessTokenSchema = z.object({ access: z.string() });
export type AccessToken = z.infer<typeof accessTokenSchema>;

/**
 * The header every call that spends the session cookie (token/refresh/, logout/) must carry:
 * a page of another origin cannot send it without a CORS preflight, which the server never
 * grants (docs/security.md "Session"). Any non-empty value; the owner app sends this one.
 */
export const SESSION_REQUEST_HEADER = "X-Requested-With";
export const SESSION_REQUEST_HEADER_VALUE = "leadquiz";

export const passwordResetRequestSchema = z.object({ email: emailField });
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

export const passwordResetConfirmRequestSchema = z.object({
  token: requiredText,
  password: passwordField({ requireLetterAndDigit: true }),
});
export type PasswordResetConfirmRequest = z.infer<typeof passwordResetConfirmRequestSchema>;

export const changePasswordRequestSchema = z.object({
  old_password: requiredText,
  new_password: passwordField(),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** A plain `{detail}` acknowledgement (password_reset, confirm, change-password). */
export const detailResponseSchema = z.object({ detail: z.string() });
export type DetailResponse = z.infer<typeof detailResponseSchema>;

/**
 * change-password/ revokes every refresh token and answers a new access token for this session
 * (its new refresh token in the session cookie).
 */
export const changePasswordResponseSchema = detailResponseSchema.extend(accessTokenSchema.shape);
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

export const userSchema = z.object({
  id: z.int32(),
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  language_code: interfaceLanguageSchema,
  date_joined: z.string(),
  referral_code: z.string(),
  /**
   * Whether the owner proved the address: true for every account made since registration
   * completes through a mailed link; false only for older accounts until they follow a
   * verification link (docs/security.md).
   */
  email_verified: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** GET userinfo/ answers a list of one (operation `getUserInfo`; docs/api.md "Accounts"). */
export const userinfoResponseSchema = z.array(userSchema);

export const userinfoPatchSchema = z
  .object({
    first_name: z.string().trim().max(150),
    last_name: z.string().trim().max(150),
    email: emailField,
    language_code: interfaceLanguageSchema,
  })
  .partial();
export type UserinfoPatch = z.input<typeof userinfoPatchSchema>;

/** Social sign-in providers the server has configured; the login page shows a button each. */
export const authProviderSchema = z.object({ id: z.string(), name: z.string() });
export const authProvidersResponseSchema = z.array(authProviderSchema);
export type AuthProvider = z.infer<typeof authProviderSchema>;

export const healthResponseSchema = z.object({ status: z.literal("ok") });
