import { Button, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/shared/api/error-message";
import { useApiClient } from "@/shared/api/services-context";
import { integrationQueries } from "../api/integration-queries";
import { integrationsApi } from "../api/integrations-api";
import { useRefreshIntegrations } from "../api/use-integration-actions";
import { IntegrationRow } from "./integration-row";
import { TargetCard } from "./target-card";

/**
 * Telegram (docs/delivery.md "Telegram"): the owner opens the bot by its one-time start
 * link, presses Start, then connects here; or the connected chat with its status and
 * actions; or, when the server has no bot, a line saying so (no button that cannot work).
 */
export function TelegramCard({ quizId }: { quizId: number }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const refresh = useRefreshIntegrations(quizId);
  const state = useQuery(integrationQueries.telegram(api, quizId));
  const connect = useMutation({
    mutationFn: () => integrationsApi.connectTelegram(api, quizId),
    onSuccess: () => {
      notifications.show({ color: "green", message: t("integrations:connected") });
      void refresh();
    },
    onError: (error) => notifications.show({ color: "red", message: errorMessage(error, t) }),
  });
  const data = state.data;
  return (
    <TargetCard description={t("integrations:telegram.description")} testId="telegram-card">
      {data?.kind === "connected" && (
        <IntegrationRow
          quizId={quizId}
          target="telegram"
          record={data.record}
          name={t("integrations:telegram.connectedAs", {
            chat: data.record.chat_title || data.record.chat_id,
          })}
          remove={() => integrationsApi.deleteTelegram(api, quizId)}
        />
      )}
      {data?.kind === "connect" && (
        <Stack gap="xs">
          <Text size="sm">{t("integrations:telegram.step1")}</Text>
          <Group>
            <Button
              component="a"
              href={data.url}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
            >
              {t("integrations:telegram.openBot")}
            </Button>
          </Group>
          <Text size="sm">{t("integrations:telegram.step2")}</Text>
          <Group>
            <Button loading={connect.isPending} onClick={() => connect.mutate()}>
              {t("integrations:telegram.confirm")}
            </Button>
          </Group>
        </Stack>
      )}
      {data?.kind === "unavailable" && (
        <Text size="sm" c="dimmed">
          {t("integrations:telegram.notConfigured")}
        </Text>
      )}
    </TargetCard>
  );
}
