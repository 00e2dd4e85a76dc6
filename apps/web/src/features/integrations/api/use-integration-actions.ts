import { notifications } from "@mantine/notifications";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/shared/api/error-message";
import { useApiClient } from "@/shared/api/services-context";
import { integrationsApi } from "./integrations-api";

/** Query keys of the tab: everything of one quiz is refreshed together after a change. */
export const integrationsKey = (quizId: number) => ["integrations", quizId] as const;

/** Refreshes every list of the tab (records, last deliveries, the log). */
export function useRefreshIntegrations(quizId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: integrationsKey(quizId) });
}

/** On/off, test lead and disconnect of one record, with their messages. */
export function useIntegrationActions(quizId: number, remove: () => Promise<unknown>) {
  const { t } = useTranslation();
  const api = useApiClient();
  const refresh = useRefreshIntegrations(quizId);
  const fail = (error: unknown) =>
    notifications.show({ color: "red", message: errorMessage(error, t) });
  const setEnabled = useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      integrationsApi.setEnabled(api, id, enabled),
    onSuccess: refresh,
    onError: fail,
  });
  const test = useMutation({
    mutationFn: (id: number) => integrationsApi.testLead(api, id),
    onSuccess: (result) => {
      notifications.show(
        result.ok
          ? {
              color: "green",
              title: t("integrations:test.ok", {
                status: result.status_code ? ` ${result.status_code}` : "",
              }),
              // What the target answered (its record, its id), as the owner asked to see.
              message: result.response
                ? t("integrations:test.answer", { response: result.response.slice(0, 300) })
                : "",
            }
          : { color: "red", message: t("integrations:test.failed", { error: result.error ?? "" }) },
      );
      void refresh();
    },
    onError: fail,
  });
  const disconnect = useMutation({ mutationFn: remove, onSuccess: refresh, onError: fail });
  return { setEnabled, test, disconnect };
}
