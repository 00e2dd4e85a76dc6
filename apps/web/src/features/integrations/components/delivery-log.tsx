import { type DeliveryStatusName, deliveryStatuses } from "@leadquiz/contract";
import {
  Badge,
  Box,
  Button,
  Card,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/shared/api/error-message";
import { useApiClient } from "@/shared/api/services-context";
import { integrationsApi } from "../api/integrations-api";
import { integrationsKey, useRefreshIntegrations } from "../api/use-integration-actions";
import { deliveryErrorText } from "./delivery-error";

const statusColors: Record<DeliveryStatusName, string> = {
  // Plain colour names: the theme darkens their "light" text to AA contrast.
  pending: "indigo",
  retrying: "orange",
  delivered: "green",
  failed: "red",
  skipped: "gray",
  awaiting_requests: "teal",
  held: "grape",
};

/** Where each lead went, when, and what the target answered; a failed one can be resent. */
export function DeliveryLog({ quizId }: { quizId: number }) {
  const { t, i18n } = useTranslation();
  const api = useApiClient();
  const refresh = useRefreshIntegrations(quizId);
  const [status, setStatus] = useState<DeliveryStatusName | null>(null);
  const log = useInfiniteQuery({
    queryKey: [...integrationsKey(quizId), "deliveries", status],
    queryFn: ({ pageParam }) =>
      integrationsApi.deliveries(api, quizId, { status: status ?? undefined, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next ?? undefined,
  });
  const retry = useMutation({
    mutationFn: (id: number) => integrationsApi.retry(api, id),
    onSuccess: () => {
      notifications.show({ color: "green", message: t("integrations:log.resent") });
      void refresh();
    },
    onError: (error) => notifications.show({ color: "red", message: errorMessage(error, t) }),
  });
  const rows = log.data?.pages.flatMap((page) => page.results) ?? [];
  const when = (value: string | null) =>
    value ? new Date(value).toLocaleString(i18n.language) : "";

  return (
    <Card withBorder radius="md" p="lg" data-testid="delivery-log">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4">
            {t("integrations:log.title")}
          </Title>
          <Select
            label={t("integrations:log.filter")}
            w={200}
            value={status ?? "all"}
            data={[
              { value: "all", label: t("integrations:log.all") },
              ...deliveryStatuses.map((s) => ({
                value: s,
                label: t(`integrations:deliveryStatus.${s}`),
              })),
            ]}
            onChange={(value) =>
              setStatus(value && value !== "all" ? (value as DeliveryStatusName) : null)
            }
            allowDeselect={false}
          />
        </Group>
        {rows.length === 0 && !log.isLoading && (
          <Text size="sm">{t("integrations:log.empty")}</Text>
        )}
        {rows.length > 0 && (
          // A region of its own that takes focus, so the keyboard can scroll it on a phone.
          <Box
            style={{ overflowX: "auto" }}
            tabIndex={0}
            role="region"
            aria-label={t("integrations:log.title")}
          >
            {/* Wide enough that a status badge and a reason are never squeezed: it scrolls. */}
            <Table striped miw={860}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t("integrations:log.lead")}</Table.Th>
                  <Table.Th>{t("integrations:log.target")}</Table.Th>
                  <Table.Th>{t("integrations:log.status")}</Table.Th>
                  <Table.Th>{t("integrations:log.attempts")}</Table.Th>
                  <Table.Th>{t("integrations:log.answer")}</Table.Th>
                  <Table.Th>{t("integrations:log.when")}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t("integrations:log.resend")}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id} data-testid={`delivery-${row.id}`}>
                    <Table.Td>#{row.lead}</Table.Td>
                    <Table.Td>{t(`integrations:targets.${row.target}`)}</Table.Td>
                    <Table.Td>
                      <Badge
                        color={statusColors[row.status]}
                        variant="light"
                        style={{ minWidth: "max-content" }}
                      >
                        {t(`integrations:deliveryStatus.${row.status}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{row.attempts}</Table.Td>
                    <Table.Td style={{ minWidth: 200, maxWidth: 260, wordBreak: "break-word" }}>
                      {[row.last_status_code, deliveryErrorText(t, row.last_error)]
                        .filter(Boolean)
                        .join(" ")}
                    </Table.Td>
                    <Table.Td>{when(row.delivered_at ?? row.next_attempt_at)}</Table.Td>
                    <Table.Td>
                      {row.status !== "pending" && (
                        <Button
                          size="compact-xs"
                          variant="light"
                          onClick={() => retry.mutate(row.id)}
                          loading={retry.isPending && retry.variables === row.id}
                        >
                          {t("integrations:log.resend")}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Box>
        )}
        {log.hasNextPage && (
          <Group justify="center">
            <Button
              variant="default"
              onClick={() => void log.fetchNextPage()}
              loading={log.isFetchingNextPage}
            >
              {t("integrations:log.more")}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
