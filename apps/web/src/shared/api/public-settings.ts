import { endpoints, type PublicSettingKey } from "@leadquiz/contract";
import { useQuery } from "@tanstack/react-query";
import { useApiClient } from "./services-context";

/**
 * `GET key_value/` (operation `getPublicSettings`): settings the operator configures, read
 * here instead of kept as constants in the app. Absent keys (not configured) stay undefined.
 */
export function usePublicSettings(keys: readonly PublicSettingKey[]) {
  const api = useApiClient();
  return useQuery({
    queryKey: ["public-settings", ...keys],
    queryFn: ({ signal }) => api.call(endpoints.getPublicSettings, { query: { keys }, signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * The visitor origin (`visitor_url`, docs/adr/0016-visitor-origin.md): where the quiz pages,
 * landings, public profiles and embed.js are, never this app's origin. Undefined until read.
 */
export function useVisitorUrl(): string | undefined {
  return usePublicSettings(["visitor_url"]).data?.visitor_url;
}
