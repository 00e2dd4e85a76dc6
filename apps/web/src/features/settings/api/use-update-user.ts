import type { User, UserinfoPatch } from "@leadquiz/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useApiClient } from "@/shared/api/services-context";
import { userQueryKey } from "@/shared/api/user-queries";
import { updateUser } from "./settings-api";

/** Saves profile fields; the cached user becomes the server's answer. */
export function useUpdateUser() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: UserinfoPatch }) => updateUser(api, id, patch),
    onSuccess: (user: User) => {
      queryClient.setQueryData(userQueryKey, user);
    },
  });
}
