import {
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
 * POST change-password/: the server revokes every refresh token of the user and answers a
 * fresh pair for this session (with a `detail` message).
 */
export function changePassword(
  api: ApiClient,
  body: ChangePasswordRequest,
): Promise<ChangePasswordResponse> {
  return api.post(apiPaths.changePassword, body, { schema: changePasswordResponseSchema });
}
