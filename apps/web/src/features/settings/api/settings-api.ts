import {
  type ApiKey,
  type ApiKeyCreated,
  apiKeyCreatedSchema,
  apiKeyListSchema,
  apiPaths,
  type ChangePasswordRequest,
  type ChangePasswordResponse,
  changePasswordResponseSchema,
  type User,
  type UserinfoPatch,
  userSchema,
} from "@leadquiz/contract";
import type { ApiClient } from "@/shared/api/api-client";

/** PATCH userinfo/{id}/: answers the updated user. */
export function updateUser(api: ApiClient, id: number, patch: UserinfoPatch): Promise<User> {
  return api.patch(apiPaths.userinfoById(id), patch, { schema: userSchema });
}

/**
 * POST change-password/: the server revokes every refresh token of the user and answers a new
 * access token for this session (with a `detail` message; the refresh token in the cookie).
 */
export function changePassword(
  api: ApiClient,
  body: ChangePasswordRequest,
): Promise<ChangePasswordResponse> {
  return api.post(apiPaths.changePassword, body, { schema: changePasswordResponseSchema });
}

/** Account API keys (docs/delivery.md "REST hooks"): the key is in the create answer only. */
export const apiKeysApi = {
  list: (api: ApiClient): Promise<ApiKey[]> => api.get(apiPaths.apiKeys, apiKeyListSchema),
  create: (api: ApiClient, name: string): Promise<ApiKeyCreated> =>
    api.post(apiPaths.apiKeys, { name }, { schema: apiKeyCreatedSchema }),
  revoke: (api: ApiClient, id: number) =>
    api.request(apiPaths.apiKeyById(id), { method: "DELETE" }),
};
