import {
  apiPaths,
  paymentProvidersSchema,
  referralInfoSchema,
  referralTransferResultSchema,
  type TariffLinksQuery,
  tariffInfoSchema,
  tariffLinksSchema,
  tariffListSchema,
  type WithdrawalRequest,
  withdrawalSchema,
} from "@leadquiz/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useApiClient } from "@/shared/api/services-context";

export const moneyQueryKey = ["money"] as const;

/** The cache key of `GET tariffinfo/`. */
export const tariffInfoQueryKey = [...moneyQueryKey, "info"] as const;

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
    queryFn: ({ signal }) => api.get(apiPaths.tariffInfo, tariffInfoSchema, { signal }),
    enabled,
    refetchInterval: () => (Date.now() - since < refetchWhile ? TARIFF_REFETCH_MS : false),
  });
}

/** How often the balance is read again while a payment is awaited. */
const TARIFF_REFETCH_MS = 3_000;

/** `GET tariffs/` (operation `listTariffs`). */
export function useTariffs() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...moneyQueryKey, "tariffs"],
    queryFn: ({ signal }) => api.get(apiPaths.tariffs, tariffListSchema, { signal }),
  });
}

/** `POST buy-tariff-from-balance/` (operation `buyTariffFromBalance`). */
export function useBuyTariff() {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tariff: number) =>
      api.post(apiPaths.buyTariffFromBalance, { tariff }, { schema: tariffInfoSchema }),
    onSuccess: (info) => {
      client.setQueryData(tariffInfoQueryKey, info);
    },
  });
}

/** `GET tarifflinks/` (operation `getPaymentLinks`): the payment page's address. */
export function usePaymentLinks() {
  const api = useApiClient();
  return (query: TariffLinksQuery) =>
    api.get(apiPaths.tariffLinks, tariffLinksSchema, {
      query: { provider: query.provider, amount: query.amount, tariff: query.tariff },
    });
}

/** `GET payment-providers/` (operation `listPaymentProviders`): the preferred first. */
export function usePaymentProviders() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...moneyQueryKey, "providers"],
    queryFn: ({ signal }) => api.get(apiPaths.paymentProviders, paymentProvidersSchema, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `GET referral/` (operation `getReferral`). */
export function useReferral() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...moneyQueryKey, "referral"],
    queryFn: ({ signal }) => api.get(apiPaths.referral, referralInfoSchema, { signal }),
  });
}

/** `PUT transfer_referral_balance/` and `POST referral_payment_request/`. */
export function useReferralCalls() {
  const api = useApiClient();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: moneyQueryKey });
  return {
    transfer: (amount: string) =>
      api
        .request(apiPaths.transferReferralBalance, {
          method: "PUT",
          body: { amount },
          schema: referralTransferResultSchema,
        })
        .finally(refresh),
    withdraw: (body: WithdrawalRequest) =>
      api
        .post(apiPaths.referralPaymentRequest, body, { schema: withdrawalSchema })
        .finally(refresh),
  };
}
