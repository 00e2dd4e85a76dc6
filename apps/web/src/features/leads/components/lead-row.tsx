import { type LeadListItem, type LeadStatus, leadStatuses } from "@leadquiz/contract";
import { Badge, Button, Group, NativeSelect, Table, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/shared/api/error-message";
import { formatDateTime } from "@/shared/i18n/format-date";
import { useLetLeadsThrough } from "../api/leads-queries";
import { messengerName } from "./messenger-name";

interface LeadRowProps {
  lead: LeadListItem;
  onView: () => void;
  onStatus: (status: LeadStatus) => void;
}

/**
 * "Let through" of a lead flagged `over_rate`: its held deliveries go now (docs/leads.md
 * "Leads over the per-address rate"); says so, or that nothing of it was held.
 */
function LetThroughButton({ lead }: { lead: number }) {
  const { t } = useTranslation();
  const letThrough = useLetLeadsThrough();
  return (
    <Button
      size="xs"
      variant="default"
      loading={letThrough.isPending}
      data-testid="lead-let-through"
      onClick={() =>
        letThrough.mutate(lead, {
          onSuccess: (result) =>
            notifications.show({
              color: result.let_through > 0 ? "green" : "gray",
              message: t(
                result.let_through > 0 ? "leads:overRate.doneOne" : "leads:overRate.noneHeld",
              ),
            }),
          onError: (error) => notifications.show({ color: "red", message: errorMessage(error, t) }),
        })
      }
    >
      {t("leads:overRate.letThroughOne")}
    </Button>
  );
}

/** One lead in the table: contacts masked until opened, status, quality flags, View/Open. */
export function LeadRow({ lead, onView, onStatus }: LeadRowProps) {
  const { t, i18n } = useTranslation();
  const messengers = Object.entries(lead.messengers)
    .map(([name, value]) => `${messengerName(t, name)}: ${value}`)
    .join(", ");
  const masked = !lead.is_opened;
  const contact = (value: string) => (
    <Text size="sm" {...(masked ? { c: "dimmed" } : {})} style={{ overflowWrap: "anywhere" }}>
      {value}
    </Text>
  );
  return (
    <Table.Tr data-testid={`lead-row-${lead.id}`} data-opened={lead.is_opened}>
      <Table.Td>
        <Text size="sm">{formatDateTime(lead.created_at, i18n.language)}</Text>
      </Table.Td>
      <Table.Td data-testid="lead-name">{contact(lead.name)}</Table.Td>
      <Table.Td data-testid="lead-email">{contact(lead.email)}</Table.Td>
      <Table.Td data-testid="lead-phone">{contact(lead.phone)}</Table.Td>
      <Table.Td>{contact(messengers)}</Table.Td>
      <Table.Td>
        <Text size="sm">{lead.quiz_title}</Text>
      </Table.Td>
      <Table.Td>
        <NativeSelect
          size="xs"
          // As wide as its longest status ("Успішна", "В работе"): the column never cuts it.
          miw="max-content"
          aria-label={t("leads:columns.status")}
          value={lead.status}
          onChange={(event) => onStatus(event.currentTarget.value as LeadStatus)}
          data={leadStatuses.map((s) => ({ value: s, label: t(`leads:status.${s}`) }))}
          data-testid="lead-status"
        />
      </Table.Td>
      <Table.Td>
        <Group gap={4} data-testid="lead-flags">
          {lead.is_partial && (
            <Badge color="dark" variant="outline" tt="none">
              {t("leads:partial")}
            </Badge>
          )}
          {lead.flags.map((flag) => (
            <Badge key={flag} color="red.9" variant="outline" tt="none" data-flag={flag}>
              {t(`leads:flags.${flag}`)}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Button
            size="xs"
            variant={masked ? "filled" : "light"}
            onClick={onView}
            data-testid="lead-view"
          >
            {masked ? t("leads:open") : t("leads:view")}
          </Button>
          {lead.flags.includes("over_rate") && <LetThroughButton lead={lead.id} />}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
