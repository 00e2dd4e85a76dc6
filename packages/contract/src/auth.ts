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

export const registerResponseSchema = z.object({
  id: z.int32(),
  email: z.string(),
  username: z.string(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const tokenRequestSchema = z.object({
  email: emailField,
  password: requiredText,
});
export type TokenRequest = z.input<typeof tokenRequestSchema>;

export const tokenPairSchema = z.object({
  access: z.string(),
  refresh: z.string(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const refreshRequestSchema = z.object({ refresh: requiredText });
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

export const logoutRequestSchema = z.object({ refresh: requiredText });
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;

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

/** change-password/ revokes every refresh token and answers a fresh pair for this session. */
export const changePasswordResponseSchema = detailResponseSchema.extend(tokenPairSchema.shape);
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
  /** False until the owner follows the link mailed at registration (docs/security.md). */
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
