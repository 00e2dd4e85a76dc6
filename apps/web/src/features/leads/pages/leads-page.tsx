import type { LeadFilters, LeadListItem } from "@leadquiz/contract";
import {
  Alert,
  Button,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useDebouncedValue, useDocumentTitle } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { isApiError } from "@/shared/api/api-error";
import { errorMessage } from "@/shared/api/error-message";
import { paths } from "@/shared/routing/paths";
import { ConfirmDialog } from "@/shared/ui/confirm-dialog";
import { TariffLimitPrompt } from "@/shared/ui/tariff-limit-prompt";
import {
  useExportLeads,
  useLeadPages,
  useLeadRetention,
  useOpenLead,
  useReleaseLeads,
  useUpdateLead,
} from "../api/leads-queries";
import { DeliveriesWaitingAlert } from "../components/deliveries-waiting-alert";
import { ExportDialog } from "../components/export-dialog";
import { LeadDetailModal } from "../components/lead-detail-modal";
import { LeadFiltersBar } from "../components/lead-filters";
import { LeadRow } from "../components/lead-row";
import { OverRateAlert } from "../components/over-rate-alert";
import { RetentionDialog } from "../components/retention-dialog";

type Dialog =
  | { kind: "confirmOpen"; lead: LeadListItem }
  | { kind: "limit" }
  | { kind: "detail"; id: number }
  | { kind: "retention" }
  | { kind: "export"; format: ExportFormat }
  | null;

type ExportFormat = "csv" | "xlsx";

const columns = [
  "date",
  "name",
  "email",
  "phone",
  "messengers",
  "quiz",
  "status",
  "flags",
  "actions",
] as const;

/**
 * The leads screen (`/leads`, docs/leads.md): the account's leads, newest first, with
 * filters, "show more", opening a masked lead for one request, the detail and the export
 * (which may open the unopened leads it matches), and how many deliveries wait for requests.
 * The open pages are read again every 15 seconds, so new leads appear by themselves.
 */
export function LeadsPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("leads:title")} · Leadquiz`);
  const [filters, setFilters] = useState<LeadFilters>({});
  const [search, setSearch] = useState("");
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const query: LeadFilters = debouncedSearch ? { ...filters, search: debouncedSearch } : filters;
  const pages = useLeadPages(query);
  const openLead = useOpenLead();
  const update = useUpdateLead();
  const exporter = useExportLeads();
  const releaser = useReleaseLeads();
  const [dialog, setDialog] = useState<Dialog>(null);
  const retention = useLeadRetention(dialog?.kind === "retention");
  const close = () => setDialog(null);

  const leads = pages.data?.pages.flatMap((page) => page.results) ?? [];
  const requestsLeft = pages.data?.pages[0]?.requests_left ?? 0;
  const deliveriesWaiting = pages.data?.pages[0]?.deliveries_waiting ?? 0;
  const failed = (error: unknown) =>
    notifications.show({ color: "red", message: errorMessage(error, t) });

  const view = (lead: LeadListItem) => {
    if (lead.is_opened) setDialog({ kind: "detail", id: lead.id });
    else if (requestsLeft === 0) setDialog({ kind: "limit" });
    else setDialog({ kind: "confirmOpen", lead });
  };

  const confirmOpen = (lead: LeadListItem) =>
    openLead.mutate(lead.id, {
      onSuccess: () => setDialog({ kind: "detail", id: lead.id }),
      onError: (error) => {
        if (isApiError(error) && error.code === "lead_limit") setDialog({ kind: "limit" });
        else {
          close();
          failed(error);
        }
      },
    });

  const download = (format: ExportFormat) =>
    exporter.mutate(
      { filters: query, format },
      {
        onSuccess: close,
        onError: () => {
          close();
          notifications.show({ color: "red", message: t("leads:exportFailed") });
        },
      },
    );

  // While requests are left, the owner chooses whether unopened leads are opened for it.
  const exportAs = (format: ExportFormat) => {
    if (requestsLeft > 0) setDialog({ kind: "export", format });
    else download(format);
  };

  const exportWith = (format: ExportFormat, release: boolean) => {
    if (!release) return download(format);
    releaser.mutate(query, {
      onSuccess: (result) => {
        const lines = [t("leads:exportDialog.released", { count: result.released })];
        if (result.unopened_left) lines.push(t("leads:exportDialog.unopenedLeft"));
        notifications.show({ color: "blue", message: lines.join(" ") });
        download(format);
      },
      onError: (error) => {
        close();
        failed(error);
      },
    });
  };

  return (
    <Stack gap="lg" maw={1280} mx="auto" data-testid="leads-page">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t("leads:title")}
        </Title>
        <Group gap="sm">
          {pages.data && (
            <Text size="sm" c="dimmed" data-testid="requests-left">
              {t("leads:requestsLeft", { count: requestsLeft })}
            </Text>
          )}
          <Button
            variant="default"
            onClick={() => setDialog({ kind: "retention" })}
            data-testid="retention"
          >
            {t("leads:retention.button")}
          </Button>
          <Menu position="bottom-end">
            <Menu.Target>
              <Button variant="default" loading={exporter.isPending} data-testid="export">
                {t("leads:export")}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item onClick={() => exportAs("csv")} data-testid="export-csv">
                {t("leads:exportCsv")}
              </Menu.Item>
              <Menu.Item onClick={() => exportAs("xlsx")} data-testid="export-xlsx">
                {t("leads:exportXlsx")}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        </Group>
      </Group>

      <DeliveriesWaitingAlert count={deliveriesWaiting} />
      <OverRateAlert onShowFlagged={() => setFilters({ ...filters, flag: "over_rate" })} />

      <LeadFiltersBar
        filters={filters}
        search={search}
        onSearch={setSearch}
        onChange={setFilters}
      />

      {pages.isError && (
        <Alert color="red" role="alert">
          {errorMessage(pages.error, t)}
        </Alert>
      )}
      {pages.isPending && <Skeleton height={240} radius="md" />}

      {pages.data && leads.length === 0 && (
        <Paper withBorder p="xl" radius="md" data-testid="leads-empty">
          <Stack align="center" gap="sm">
            <Title order={2} fz="lg">
              {t("leads:empty")}
            </Title>
            <Text c="dimmed" ta="center">
              {t("leads:emptyHint")}
            </Text>
            <Button component={Link} to={paths.home()} variant="light">
              {t("leads:toDashboard")}
            </Button>
          </Stack>
        </Paper>
      )}

      {leads.length > 0 && (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={960}>
            <Table verticalSpacing="sm" highlightOnHover data-testid="leads-table">
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column}>{t(`leads:columns.${column}`)}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {leads.map((lead) => (
                  <LeadRow
                    key={lead.id}
                    lead={lead}
                    onView={() => view(lead)}
                    onStatus={(status) =>
                      update.mutate({ id: lead.id, status }, { onError: failed })
                    }
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}

      {pages.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            loading={pages.isFetchingNextPage}
            onClick={() => void pages.fetchNextPage()}
            data-testid="show-more"
          >
            {t("leads:showMore")}
          </Button>
        </Group>
      )}

      <ConfirmDialog
        opened={dialog?.kind === "confirmOpen"}
        title={t("leads:confirmOpen.title")}
        message={t("leads:confirmOpen.body", { count: requestsLeft })}
        confirmLabel={t("leads:confirmOpen.confirm")}
        loading={openLead.isPending}
        onClose={close}
        onConfirm={() => dialog?.kind === "confirmOpen" && confirmOpen(dialog.lead)}
      />

      <ExportDialog
        opened={dialog?.kind === "export"}
        requestsLeft={requestsLeft}
        loading={releaser.isPending || exporter.isPending}
        onExport={(release) => dialog?.kind === "export" && exportWith(dialog.format, release)}
        onClose={close}
      />

      <TariffLimitPrompt kind={dialog?.kind === "limit" ? "lead" : null} onClose={close} />

      {retention.data && (
        <RetentionDialog
          opened={dialog?.kind === "retention"}
          days={retention.data.days}
          onClose={close}
        />
      )}

      <LeadDetailModal leadId={dialog?.kind === "detail" ? dialog.id : null} onClose={close} />
    </Stack>
  );
}
