import { Button, Loader, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { Connection } from "../api/use-connections";
import type { TargetName } from "../catalog";
import { IntegrationRow } from "./integration-row";

/** The quiz's connections at the top of the tab, or a pointer to the gallery when none. */
export function ConnectedList({
  quizId,
  connections,
  loading,
  onManage,
  onShowLog,
  onBrowse,
}: {
  quizId: number;
  connections: readonly Connection[];
  loading: boolean;
  onManage: (target: TargetName) => void;
  onShowLog: () => void;
  onBrowse: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" component="section" aria-labelledby="connected-title">
      <Title order={3} size="h4" id="connected-title">
        {t("integrations:connections.title")}
      </Title>
      {loading && connections.length === 0 ? (
        <Loader size="sm" role="status" aria-label={t("integrations:connections.loading")} />
      ) : connections.length === 0 ? (
        <Paper
          withBorder
          radius="md"
          p="lg"
          style={{ borderStyle: "dashed" }}
          data-testid="connections-empty"
        >
          <Stack gap="xs" align="flex-start">
            <Text fw={600}>{t("integrations:connections.emptyTitle")}</Text>
            <Text size="sm" c="dimmed">
              {t("integrations:connections.empty")}
            </Text>
            <Button variant="light" size="xs" onClick={onBrowse}>
              {t("integrations:connections.browse")}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="xs" data-testid="connections">
          {connections.map((connection) => (
            <IntegrationRow
              key={`${connection.target}-${connection.record.id}`}
              quizId={quizId}
              target={connection.target}
              record={connection.record}
              name={connection.detail}
              warning={connection.warning}
              remove={connection.remove}
              onManage={() => onManage(connection.target)}
              onShowLog={onShowLog}
            />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
