import { Badge, Button, Group, Paper, Stack, Switch, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/shared/ui/confirm-dialog";
import { useIntegrationActions } from "../api/use-integration-actions";
import { deliveryErrorText } from "./delivery-error";

export interface IntegrationRecord {
  id: number;
  is_enabled: boolean;
  disabled_reason: string | null;
  last_delivery: { at: string | null; status: string; error: string | null } | null;
}

interface IntegrationRowProps {
  quizId: number;
  record: IntegrationRecord;
  /** What the record sends to: an address, a masked URL. */
  name: string;
  remove: () => Promise<unknown>;
  children?: React.ReactNode;
}

/**
 * One connected target: what it is, on/off, its last delivery (and why it was switched
 * off), "send a test lead" and "disconnect" after a confirmation.
 */
export function IntegrationRow({ quizId, record, name, remove, children }: IntegrationRowProps) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const { setEnabled, test, disconnect } = useIntegrationActions(quizId, remove);
  const last = record.last_delivery;
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`integration-${record.id}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ wordBreak: "break-all" }}>
            {name}
          </Text>
          <Badge color={record.is_enabled ? "green" : "gray"} variant="light">
            {record.is_enabled
              ? t("integrations:status.enabled")
              : t("integrations:status.disabled")}
          </Badge>
        </Group>
        {record.disabled_reason === "gone" && (
          <Text size="sm" c="red.9">
            {t("integrations:status.gone")}
          </Text>
        )}
        <Text size="sm" c="dimmed" data-testid="integration-last">
          {last
            ? t("integrations:status.last", {
                status: t(`integrations:deliveryStatus.${last.status}`),
                at: last.at ? new Date(last.at).toLocaleString(i18n.language) : "",
              })
            : t("integrations:status.never")}
          {last?.error ? ` — ${deliveryErrorText(t, last.error)}` : ""}
        </Text>
        {children}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Switch
            checked={record.is_enabled}
            label={t("integrations:actions.enable")}
            onChange={(event) =>
              setEnabled.mutate({ id: record.id, enabled: event.currentTarget.checked })
            }
            disabled={setEnabled.isPending}
          />
          <Group gap="xs">
            <Button
              size="xs"
              variant="light"
              loading={test.isPending}
              onClick={() => test.mutate(record.id)}
              data-testid="integration-test"
            >
              {t("integrations:actions.test")}
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => setConfirming(true)}
              data-testid="integration-disconnect"
            >
              {t("integrations:actions.disconnect")}
            </Button>
          </Group>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t("integrations:disconnect.title")}
        message={t("integrations:disconnect.message", { name })}
        confirmLabel={t("integrations:disconnect.confirm")}
        danger
        loading={disconnect.isPending}
        onConfirm={() => disconnect.mutate(undefined, { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
