import {
  type AccessToken,
  type AuthExchangeRequest,
  type AuthExchangeResponse,
  type AuthProvider,
  endpoints,
  type PasswordResetConfirmRequest,
  type RegisterRequest,
  type RegisterResponse,
  type TokenRequest,
} from "@leadquiz/contract";
import type { ApiClient } from "@/shared/api/api-client";

/** POST token/: e-mail and password for an access token (the refresh token: the cookie). */
export function login(api: ApiClient, body: TokenRequest): Promise<AccessToken> {
  return api.call(endpoints.signIn, { body, auth: false });
}

/** POST register/: the server mails the address; the answer is the same for every address. */
export function register(api: ApiClient, body: RegisterRequest): Promise<RegisterResponse> {
  return api.call(endpoints.register, { body, auth: false });
}

/** POST register/complete/: the mailed link's token makes the account and signs in. */
export function completeRegistration(api: ApiClient, token: string): Promise<AccessToken> {
  return api.call(endpoints.completeRegistration, { body: { token }, auth: false });
}

export async function requestPasswordReset(api: ApiClient, email: string): Promise<void> {
  await api.call(endpoints.requestPasswordReset, { body: { email }, auth: false });
}

export async function confirmPasswordReset(
  api: ApiClient,
  body: PasswordResetConfirmRequest,
): Promise<void> {
  await api.call(endpoints.confirmPasswordReset, { body, auth: false });
}

/** The social sign-in providers configured on the server (an empty list when none). */
export function fetchAuthProviders(api: ApiClient, signal?: AbortSignal): Promise<AuthProvider[]> {
  return api.call(endpoints.listSocialProviders, { auth: false, signal });
}

/** POST auth/exchange/: social sign-in's one-time code (and a password to link) for tokens. */
export function exchangeSocialCode(
  api: ApiClient,
  body: AuthExchangeRequest,
): Promise<AuthExchangeResponse> {
  return api.call(endpoints.exchangeSocialSignInCode, { body, auth: false });
}

/** POST email/verify/ or email/change/confirm/: the token of a mailed link; answers its text. */
export async function followEmailLink(
  api: ApiClient,
  kind: "verify" | "change",
  token: string,
): Promise<string> {
  const endpoint = kind === "verify" ? endpoints.verifyEmail : endpoints.confirmEmailChange;
  const answer = await api.call(endpoint, { body: { token }, auth: false });
  return answer.detail;
}

/** POST email/verify/resend/: mails a new verification link. */
export async function resendVerification(api: ApiClient): Promise<string> {
  const answer = await api.call(endpoints.resendEmailVerification);
  return answer.detail;
}
