import {
  type ApiKey,
  type ApiKeyCreate,
  type ApiKeyCreated,
  type ChangePasswordRequest,
  type ChangePasswordResponse,
  endpoints,
  type User,
  type UserinfoPatch,
} from "@leadquiz/contract";
import type { ApiClient } from "@/shared/api/api-client";

/** PATCH userinfo/{id}/: answers the updated user. */
export function updateUser(api: ApiClient, id: number, patch: UserinfoPatch): Promise<User> {
  return api.call(endpoints.updateUserInfo, { params: { id }, body: patch });
}

/**
 * POST change-password/: the server revokes every refresh token of the user and answers a new
 * access token for this session (with a `detail` message; the refresh token in the cookie).
 */
export function changePassword(
  api: ApiClient,
  body: ChangePasswordRequest,
): Promise<ChangePasswordResponse> {
  return api.call(endpoints.changePassword, { body });
}

/**
 * POST logout/all/: every session of the account ends at once, this one included (the
 * caller clears its session afterwards).
 */
export async function logoutEverywhere(api: ApiClient): Promise<void> {
  await api.call(endpoints.signOutEverywhere);
}

/** Account API keys (docs/delivery.md "REST hooks"): the key is in the create answer only. */
export const apiKeysApi = {
  list: (api: ApiClient): Promise<ApiKey[]> => api.call(endpoints.listApiKeys),
  /** `password` when the session signed in more than 5 minutes ago (docs/security.md). */
  create: (api: ApiClient, body: ApiKeyCreate): Promise<ApiKeyCreated> =>
    api.call(endpoints.createApiKey, { body }),
  revoke: (api: ApiClient, id: number) => api.call(endpoints.revokeApiKey, { params: { id } }),
};

/** POST email/change/: asks to move the account to a new address (password required). */
export async function requestEmailChange(
  api: ApiClient,
  body: { email: string; password: string },
): Promise<string> {
  const answer = await api.call(endpoints.requestEmailChange, { body });
  return answer.detail;
}
