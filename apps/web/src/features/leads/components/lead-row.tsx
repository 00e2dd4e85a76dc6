import { type LeadListItem, type LeadStatus, leadStatuses } from "@leadquiz/contract";
import { Badge, Button, Group, NativeSelect, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/shared/i18n/format-date";
import { messengerName } from "./messenger-name";

interface LeadRowProps {
  lead: LeadListItem;
  onView: () => void;
  onStatus: (status: LeadStatus) => void;
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
        <Button
          size="xs"
          variant={masked ? "filled" : "light"}
          onClick={onView}
          data-testid="lead-view"
        >
          {masked ? t("leads:open") : t("leads:view")}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
