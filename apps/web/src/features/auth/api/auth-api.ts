import {
  type AuthProvider,
  apiPaths,
  authProvidersResponseSchema,
  type PasswordResetConfirmRequest,
  type RegisterRequest,
  type RegisterResponse,
  registerResponseSchema,
  type TokenPair,
  type TokenRequest,
  tokenPairSchema,
} from "@leadquiz/contract";
import type { ApiClient } from "../../../shared/api/api-client";

/** POST token/: e-mail and password for a refresh and an access token. */
export function login(api: ApiClient, body: TokenRequest): Promise<TokenPair> {
  return api.post(apiPaths.token, body, { auth: false, schema: tokenPairSchema });
}

export function register(api: ApiClient, body: RegisterRequest): Promise<RegisterResponse> {
  return api.post(apiPaths.register, body, { auth: false, schema: registerResponseSchema });
}

export async function requestPasswordReset(api: ApiClient, email: string): Promise<void> {
  await api.post(apiPaths.passwordReset, { email }, { auth: false });
}

export async function confirmPasswordReset(
  api: ApiClient,
  body: PasswordResetConfirmRequest,
): Promise<void> {
  await api.post(apiPaths.passwordResetConfirm, body, { auth: false });
}

/** POST logout/: revokes the refresh token (sent with the access token while it is valid). */
export async function logout(api: ApiClient, refresh: string): Promise<void> {
  await api.post(apiPaths.logout, { refresh }, { auth: "optional" });
}

/** The social sign-in providers configured on the server (an empty list when none). */
export function fetchAuthProviders(api: ApiClient, signal?: AbortSignal): Promise<AuthProvider[]> {
  return api.get(apiPaths.authProviders, authProvidersResponseSchema, { auth: false, signal });
}
