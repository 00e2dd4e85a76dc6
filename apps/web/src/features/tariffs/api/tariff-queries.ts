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
import { useApiClient } from "@/shared/api/services-context";
import { tariffInfoQueryKey, tariffsQueryKey } from "@/shared/api/tariff-info";

/** `GET tariffs/` (operation `listTariffs`). */
export function useTariffs() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...tariffsQueryKey, "tariffs"],
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
    queryKey: [...tariffsQueryKey, "providers"],
    queryFn: ({ signal }) => api.get(apiPaths.paymentProviders, paymentProvidersSchema, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `GET referral/` (operation `getReferral`). */
export function useReferral() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...tariffsQueryKey, "referral"],
    queryFn: ({ signal }) => api.get(apiPaths.referral, referralInfoSchema, { signal }),
  });
}

/** `PUT transfer_referral_balance/` and `POST referral_payment_request/`. */
export function useReferralCalls() {
  const api = useApiClient();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: tariffsQueryKey });
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
