import { referenceListEndpoints } from "@leadquiz/contract";
import { useQuery } from "@tanstack/react-query";
import { useApiClient } from "@/shared/api/services-context";

export const fontListQueryKey = ["fontlist"] as const;

/** `GET fontlist/`: the self-hosted fonts a quiz can use (a fixed list: cached for good). */
export function useFontList() {
  const api = useApiClient();
  return useQuery({
    queryKey: fontListQueryKey,
    queryFn: ({ signal }) => api.call(referenceListEndpoints.listFonts, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
