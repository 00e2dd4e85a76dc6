import { queryOptions } from "@tanstack/react-query";
import type { ApiClient } from "@/shared/api/api-client";
import { fetchAuthProviders } from "./auth-api";

export function authProvidersQueryOptions(api: ApiClient) {
  return queryOptions({
    queryKey: ["auth-providers"],
    queryFn: ({ signal }) => fetchAuthProviders(api, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
