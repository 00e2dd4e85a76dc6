import { type LeadDetail, type LeadStatus, leadStatuses } from "@leadquiz/contract";
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  NativeSelect,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { TFunction } from "i18next";
import { type ReactNode, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/shared/api/error-message";
import { formatDateTime } from "@/shared/i18n/format-date";
import { ConfirmDialog } from "@/shared/ui/confirm-dialog";
import { useEraseLead, useLeadDetail, useUpdateLead } from "../api/leads-queries";
import { messengerName } from "./messenger-name";

interface LeadDetailModalProps {
  leadId: number | null;
  onClose: () => void;
}

/** Label and value pairs as a two-column table (answers, fields, UTM). */
function Pairs({ rows, testId }: { rows: [string, ReactNode][]; testId: string }) {
  const { t } = useTranslation();
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t("leads:detail.none")}
      </Text>
    );
  }
  // A label may repeat (two questions with one title): the n-th of a label is its key.
  const seen = new Map<string, number>();
  const keyed = rows.map(([label, value]) => {
    const n = (seen.get(label) ?? 0) + 1;
    seen.set(label, n);
    return { key: `${label}#${n}`, label, value };
  });
  return (
    <Table.ScrollContainer minWidth={280}>
      <Table withRowBorders verticalSpacing={4} data-testid={testId}>
        <Table.Tbody>
          {keyed.map(({ key, label, value }) => (
            <Table.Tr key={key}>
              <Table.Th w="40%" fw={500} style={{ overflowWrap: "anywhere" }}>
                {label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Title order={3} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function contactRows(lead: LeadDetail, t: TFunction): [string, ReactNode][] {
  const { contacts } = lead;
  const rows: [string, string][] = [
    [t("leads:columns.name"), contacts.name],
    [t("leads:columns.email"), contacts.email],
    [t("leads:columns.phone"), contacts.phone],
    [t("leads:detail.other"), contacts.other],
    [t("leads:detail.other2"), contacts.other2],
    ...Object.entries(contacts.messengers).map(([name, value]): [string, string] => [
      messengerName(t, name),
      value,
    ]),
  ];
  return rows.filter(([, value]) => value !== "");
}

function resultText(result: LeadDetail["results"][number]): string {
  if (result.value === null || result.value === "") return result.title;
  return `${result.title}: ${result.value}${result.unit ? ` ${result.unit}` : ""}`;
}

/** An opened lead: contacts, answers, other fields, UTM, results, consent; status, note, erase. */
export function LeadDetailModal({ leadId, onClose }: LeadDetailModalProps) {
  const { t, i18n } = useTranslation();
  const detail = useLeadDetail(leadId);
  const update = useUpdateLead();
  const erase = useEraseLead();
  const [note, setNote] = useState("");
  const [confirmErase, setConfirmErase] = useState(false);
  const lead = detail.data;

  useEffect(() => {
    setNote(lead?.note ?? "");
  }, [lead?.note]);

  const failed = (error: unknown) =>
    notifications.show({ color: "red", message: errorMessage(error, t) });
  const setStatus = (status: LeadStatus) => {
    if (!lead) return;
    update.mutate(
      { id: lead.id, status },
      {
        onSuccess: () => notifications.show({ message: t("leads:statusChanged") }),
        onError: failed,
      },
    );
  };

  return (
    <>
      <Modal
        opened={leadId !== null && !confirmErase}
        onClose={onClose}
        title={t("leads:detail.title", { id: leadId ?? "" })}
        size="lg"
        centered
        data-testid="lead-detail"
      >
        {detail.isPending && <Loader size="sm" role="status" aria-label={t("leads:title")} />}
        {detail.isError && (
          <Alert color="red" role="alert">
            {errorMessage(detail.error, t)}
          </Alert>
        )}
        {lead && (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {formatDateTime(lead.created_at, i18n.language)} · {lead.quiz_title}
            </Text>
            <NativeSelect
              label={t("leads:columns.status")}
              value={lead.status}
              onChange={(event) => setStatus(event.currentTarget.value as LeadStatus)}
              data={leadStatuses.map((s) => ({ value: s, label: t(`leads:status.${s}`) }))}
              maw={240}
              data-testid="detail-status"
            />
            <Section title={t("leads:detail.contacts")}>
              <Pairs rows={contactRows(lead, t)} testId="detail-contacts" />
            </Section>
            <Section title={t("leads:detail.answers")}>
              <Pairs
                rows={lead.answers.map((a) => [a.question, a.answer])}
                testId="detail-answers"
              />
            </Section>
            <Section title={t("leads:detail.results")}>
              <Pairs
                rows={lead.results.map((r, i) => [String(i + 1), resultText(r)])}
                testId="detail-results"
              />
            </Section>
            <Section title={t("leads:detail.otherFields")}>
              <Pairs rows={Object.entries(lead.other_fields)} testId="detail-fields" />
            </Section>
            <Section title={t("leads:detail.utm")}>
              <Pairs rows={Object.entries(lead.utm)} testId="detail-utm" />
            </Section>
            <Pairs
              testId="detail-source"
              rows={[
                [t("leads:detail.page"), lead.page_url || t("leads:detail.none")],
                [t("leads:detail.referrer"), lead.referrer || t("leads:detail.none")],
                [
                  t("leads:detail.consent"),
                  lead.consent.given && lead.consent.at ? (
                    <Stack key="consent" gap={2}>
                      <span>
                        {t("leads:detail.consentGiven", {
                          date: formatDateTime(lead.consent.at, i18n.language),
                        })}
                      </span>
                      {lead.consent.policy_url && (
                        <Anchor href={lead.consent.policy_url} target="_blank" rel="noreferrer">
                          {t("leads:detail.policy")}
                        </Anchor>
                      )}
                    </Stack>
                  ) : (
                    t("leads:detail.consentNone")
                  ),
                ],
              ]}
            />
            <Textarea
              label={t("leads:detail.note")}
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              autosize
              minRows={2}
              maxLength={5000}
              data-testid="detail-note"
            />
            <Group justify="space-between" wrap="wrap">
              <Button
                variant="light"
                loading={update.isPending}
                disabled={note === lead.note}
                onClick={() =>
                  update.mutate(
                    { id: lead.id, note },
                    {
                      onSuccess: () => notifications.show({ message: t("leads:detail.noteSaved") }),
                      onError: failed,
                    },
                  )
                }
              >
                {t("leads:detail.saveNote")}
              </Button>
              <Button color="red.8" variant="subtle" onClick={() => setConfirmErase(true)}>
                {t("leads:detail.erase")}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        opened={confirmErase}
        title={t("leads:detail.erase")}
        message={t("leads:detail.eraseConfirm")}
        confirmLabel={t("leads:detail.eraseYes")}
        danger
        loading={erase.isPending}
        onClose={() => setConfirmErase(false)}
        onConfirm={() => {
          if (leadId === null) return;
          erase.mutate(leadId, {
            onSuccess: () => {
              setConfirmErase(false);
              onClose();
            },
            onError: failed,
          });
        }}
      />
    </>
  );
}
