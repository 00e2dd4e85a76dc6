import { Alert, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/shared/api/error-message";
import { formatDateTime } from "@/shared/i18n/format-date";
import { CopyTextButton } from "@/shared/ui/copy-text-button";
import { PageLoader } from "@/shared/ui/page-loader";
import { useReferral } from "../api/tariff-queries";
import { formatUsd } from "../components/format-usd";
import { TransferForm, WithdrawalForm } from "../components/referral-forms";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      <Title order={3} size="h4" mb="md">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** /referral-system: the invitation link, invitees, bonus funds, transfer and withdrawal. */
export function ReferralPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(`${t("money:referral.title")} · Leadquiz`);
  const referral = useReferral();

  if (referral.isPending) return <PageLoader />;
  if (!referral.data) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(referral.error, t)}
      </Alert>
    );
  }
  const info = referral.data;
  return (
    <Stack gap="lg" maw={720}>
      <Title order={2}>{t("money:referral.title")}</Title>
      <Section title={t("money:referral.link")}>
        <Stack gap="sm">
          <Text data-testid="referral-link" style={{ overflowWrap: "anywhere" }}>
            {info.link}
          </Text>
          <Group>
            <CopyTextButton text={info.link} label={t("money:referral.copy")} variant="light" />
          </Group>
          <Text size="sm">{t("money:referral.percentage", { percentage: info.percentage })}</Text>
          <Text data-testid="referral-invited">
            {t("money:referral.invited", { count: info.invited_count })}
          </Text>
          <Text fw={600} data-testid="referral-funds">
            {t("money:referral.funds", { amount: formatUsd(info.referral_balance, i18n.language) })}
          </Text>
        </Stack>
      </Section>
      <Section title={t("money:referral.transferTitle")}>
        <TransferForm />
      </Section>
      <Section title={t("money:referral.withdrawTitle")}>
        <WithdrawalForm />
      </Section>
      {info.requests.length > 0 ? (
        <Section title={t("money:referral.requests")}>
          <Table.ScrollContainer minWidth={320}>
            <Table data-testid="withdrawal-requests">
              <Table.Tbody>
                {info.requests.map((request) => (
                  <Table.Tr key={request.id}>
                    <Table.Td>{formatDateTime(request.created_at, i18n.language)}</Table.Td>
                    <Table.Td>${request.amount}</Table.Td>
                    <Table.Td>{request.destination}</Table.Td>
                    <Table.Td>{t(`money:referral.status.${request.status}`)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Section>
      ) : null}
    </Stack>
  );
}
