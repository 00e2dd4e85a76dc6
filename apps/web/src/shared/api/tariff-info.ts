import { endpoints } from "@leadquiz/contract";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useApiClient } from "./services-context";

/*
 * The account's tariff as every screen reads it (the tariffs pages, the publish dialog,
 * settings, the limit prompt): docs/money.md. The rest of the tariffs calls live in
 * features/tariffs.
 */

/** The start of every tariffs read's cache key: a tariffs write refreshes them all. */
export const tariffsQueryKey = ["money"] as const;

/** The cache key of `GET tariffinfo/`. */
export const tariffInfoQueryKey = [...tariffsQueryKey, "info"] as const;

/** `GET tariffinfo/` (operation `getTariffInfo`); `enabled: false` reads nothing yet. */
export function useTariffInfo({
  enabled = true,
  refetchWhile = 0,
}: {
  enabled?: boolean;
  /** Read again every few seconds for this long (ms) after the first read; 0: never. */
  refetchWhile?: number;
} = {}) {
  const api = useApiClient();
  const [since] = useState(Date.now);
  return useQuery({
    queryKey: tariffInfoQueryKey,
    queryFn: ({ signal }) => api.call(endpoints.getTariffInfo, { signal }),
    enabled,
    refetchInterval: () => (Date.now() - since < refetchWhile ? TARIFF_REFETCH_MS : false),
  });
}

/** How often the balance is read again while a payment is awaited. */
const TARIFF_REFETCH_MS = 3_000;
