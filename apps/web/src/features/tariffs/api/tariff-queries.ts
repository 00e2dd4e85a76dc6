import { endpoints, type TariffLinksQuery, type WithdrawalRequest } from "@leadquiz/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useApiClient } from "@/shared/api/services-context";
import { tariffInfoQueryKey, tariffsQueryKey } from "@/shared/api/tariff-info";

/** `GET tariffs/` (operation `listTariffs`). */
export function useTariffs() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...tariffsQueryKey, "tariffs"],
    queryFn: ({ signal }) => api.call(endpoints.listTariffs, { signal }),
  });
}

/** `POST buy-tariff-from-balance/` (operation `buyTariffFromBalance`). */
export function useBuyTariff() {
  const api = useApiClient();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tariff: number) => api.call(endpoints.buyTariffFromBalance, { body: { tariff } }),
    onSuccess: (info) => {
      client.setQueryData(tariffInfoQueryKey, info);
    },
  });
}

/** `GET tarifflinks/` (operation `getPaymentLinks`): the payment page's address. */
export function usePaymentLinks() {
  const api = useApiClient();
  return (query: TariffLinksQuery) =>
    api.call(endpoints.getPaymentLinks, {
      query: { provider: query.provider, amount: query.amount, tariff: query.tariff },
    });
}

/** `GET payment-providers/` (operation `listPaymentProviders`): the preferred first. */
export function usePaymentProviders() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...tariffsQueryKey, "providers"],
    queryFn: ({ signal }) => api.call(endpoints.listPaymentProviders, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** `GET referral/` (operation `getReferral`). */
export function useReferral() {
  const api = useApiClient();
  return useQuery({
    queryKey: [...tariffsQueryKey, "referral"],
    queryFn: ({ signal }) => api.call(endpoints.getReferral, { signal }),
  });
}

/** `PUT transfer_referral_balance/` and `POST referral_payment_request/`. */
export function useReferralCalls() {
  const api = useApiClient();
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: tariffsQueryKey });
  return {
    transfer: (amount: string) =>
      api.call(endpoints.transferReferralBalance, { body: { amount } }).finally(refresh),
    withdraw: (body: WithdrawalRequest) =>
      api.call(endpoints.requestReferralPayment, { body }).finally(refresh),
  };
}
