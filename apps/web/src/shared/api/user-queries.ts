import { endpoints, type User } from "@leadquiz/contract";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "./api-client";
import { ApiError } from "./api-error";
import { useApiClient, useSession } from "./services-context";

export const userQueryKey = ["userinfo"] as const;

/** GET userinfo/ answers a list of one; the first item is the user. Cached 60 s. */
export function userQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: userQueryKey,
    queryFn: async ({ signal }): Promise<User> => {
      const users = await api.call(endpoints.getUserInfo, { signal });
      const user = users[0];
      if (!user) throw new ApiError(404, { detail: "User not found", code: "not_found" });
      return user;
    },
    staleTime: 60_000,
  });
}

/** The signed-in user (only fetched while there is a session). */
export function useCurrentUser() {
  const api = useApiClient();
  const session = useSession();
  return useQuery({ ...userQueryOptions(api), enabled: session !== null });
}
