import { Badge, Button, Group, Menu, Paper, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "@/shared/ui/confirm-dialog";
import { MoreActionsButton } from "@/shared/ui/more-actions-button";
import { useIntegrationActions } from "../api/use-integration-actions";
import type { TargetName } from "../catalog";
import { deliveryErrorText } from "./delivery-error";
import { TargetLogo } from "./target-logo";

export interface IntegrationRecord {
  id: number;
  is_enabled: boolean;
  disabled_reason: string | null;
  last_delivery: { at: string | null; status: string; error: string | null } | null;
  failing_since: string | null;
}

interface IntegrationRowProps {
  quizId: number;
  target: TargetName;
  record: IntegrationRecord;
  /** What the record sends to: an address, a masked URL. */
  name: string;
  remove: () => Promise<unknown>;
  /** Something the owner must do in the target's panel (authorise again). */
  warning?: string | undefined;
  /** Opens the target's panel (its settings); absent inside the panel itself. */
  onManage?: (() => void) | undefined;
  /** Shows the delivery log. */
  onShowLog?: (() => void) | undefined;
  children?: React.ReactNode;
}

/**
 * One connected target in a compact row: its mark and name, what it sends to, on/off, its
 * last delivery (and why it was switched off); "send a test lead" at hand, and in a menu
 * its settings, pause/resume, the delivery log and "disconnect" after a confirmation.
 */
export function IntegrationRow({
  quizId,
  target,
  record,
  name,
  remove,
  warning,
  onManage,
  onShowLog,
  children,
}: IntegrationRowProps) {
  const { t, i18n } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const { setEnabled, test, disconnect } = useIntegrationActions(quizId, remove);
  const title = t(`integrations:targets.${target}`);
  const last = record.last_delivery;
  const failing = last?.status === "failed" || last?.status === "retrying";
  return (
    <Paper withBorder p="sm" radius="md" data-testid={`integration-${record.id}`}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Group align="flex-start" gap="sm" wrap="nowrap" style={{ flex: "1 1 16rem", minWidth: 0 }}>
          <TargetLogo target={target} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>{title}</Text>
              <Badge color={record.is_enabled ? "green" : "gray"} variant="light">
                {record.is_enabled
                  ? t("integrations:status.enabled")
                  : t("integrations:status.disabled")}
              </Badge>
            </Group>
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {name}
            </Text>
            <Text size="xs" c={failing ? "red.9" : "dimmed"} data-testid="integration-last">
              {last
                ? t("integrations:status.last", {
                    status: t(`integrations:deliveryStatus.${last.status}`),
                    at: last.at ? new Date(last.at).toLocaleString(i18n.language) : "",
                  })
                : t("integrations:status.never")}
              {last?.error ? ` — ${deliveryErrorText(t, last.error)}` : ""}
            </Text>
            {record.failing_since && (
              <Text size="sm" c="red.9" data-testid="integration-failing-since">
                {t("integrations:status.failingSince", {
                  at: new Date(record.failing_since).toLocaleString(i18n.language),
                })}
              </Text>
            )}
            {record.disabled_reason === "gone" && (
              <Text size="sm" c="red.9">
                {t("integrations:status.gone")}
              </Text>
            )}
            {warning && (
              <Text size="sm" c="red.9">
                {warning}
              </Text>
            )}
            {children}
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap" ml="auto">
          <Button
            size="xs"
            variant="light"
            loading={test.isPending}
            onClick={() => test.mutate(record.id)}
            data-testid="integration-test"
          >
            {t("integrations:actions.test")}
          </Button>
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <MoreActionsButton
                label={t("integrations:actions.more", { name: title })}
                data-testid="integration-menu"
              />
            </Menu.Target>
            <Menu.Dropdown>
              {onManage && (
                <Menu.Item onClick={onManage}>{t("integrations:actions.manage")}</Menu.Item>
              )}
              <Menu.Item
                disabled={setEnabled.isPending}
                onClick={() => setEnabled.mutate({ id: record.id, enabled: !record.is_enabled })}
              >
                {record.is_enabled
                  ? t("integrations:actions.pause")
                  : t("integrations:actions.resume")}
              </Menu.Item>
              {onShowLog && (
                <Menu.Item onClick={onShowLog}>{t("integrations:actions.log")}</Menu.Item>
              )}
              <Menu.Divider />
              <Menu.Item
                color="red"
                c="red.9"
                onClick={() => setConfirming(true)}
                data-testid="integration-disconnect"
              >
                {t("integrations:actions.disconnect")}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>
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
