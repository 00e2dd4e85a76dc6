import type { Tariff, TariffInfo } from "@leadquiz/contract";
import {
  Alert,
  Button,
  Card,
  Group,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { errorMessage } from "@/shared/api/error-message";
import { useTariffInfo } from "@/shared/api/tariff-info";
import { formatDateTime } from "@/shared/i18n/format-date";
import { paths } from "@/shared/routing/paths";
import { PageLoader } from "@/shared/ui/page-loader";
import { useBuyTariff, useTariffs } from "../api/tariff-queries";
import { BuyConfirmDialog } from "../components/buy-confirm-dialog";
import { formatUsd } from "../components/format-usd";
import { useTariffName } from "../components/tariff-name";

function Usage({ label, used, limit }: { label: string; used: number; limit: number }) {
  const percent = limit > 0 ? Math.min(100, (used / limit) * 100) : 100;
  return (
    <Stack gap={4}>
      <Text size="sm">{label}</Text>
      <Progress value={percent} color={percent >= 100 ? "red" : "blue"} aria-label={label} />
    </Stack>
  );
}

function CurrentTariff({ info }: { info: TariffInfo }) {
  const { t, i18n } = useTranslation();
  const tariffName = useTariffName();
  const date = info.ends_at ? formatDateTime(info.ends_at, i18n.language) : "";
  return (
    <Paper withBorder radius="md" p="lg" data-testid="current-tariff">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4">
            {t("money:myRate.current")}: {tariffName(info.tariff)}
          </Title>
          <Text size="sm" fw={600} c={info.is_active ? "dark.7" : "red.9"} data-testid="tariff-end">
            {info.is_active
              ? t("money:myRate.endsAt", { date })
              : t("money:myRate.endedAt", { date })}
          </Text>
        </Group>
        <Usage
          label={t("money:myRate.projects", {
            used: info.projects_used,
            limit: info.projects_limit,
          })}
          used={info.projects_used}
          limit={info.projects_limit}
        />
        <Usage
          label={t("money:myRate.requests", {
            used: info.requests_used,
            limit: info.requests_limit,
          })}
          used={info.requests_used}
          limit={info.requests_limit}
        />
        <Group justify="space-between" wrap="wrap">
          <Text fw={600} data-testid="balance">
            {t("money:myRate.balance", { amount: formatUsd(info.balance, i18n.language) })}
          </Text>
          <Button component={Link} to={paths.balancePay()} variant="light">
            {t("money:myRate.topUp")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function TariffCard({ tariff, onBuy, busy }: { tariff: Tariff; onBuy: () => void; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const tariffName = useTariffName();
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`tariff-${tariff.id}`}>
      <Stack gap="xs" h="100%">
        <Title order={4}>{tariffName(tariff)}</Title>
        <Text fw={600}>
          {t("money:myRate.perPeriod", {
            price: formatUsd(tariff.price, i18n.language),
            count: tariff.period_months,
          })}
        </Text>
        <Text size="sm" c="dimmed" style={{ flexGrow: 1 }}>
          {t("money:myRate.limits", {
            projects: tariff.projects_per_month,
            requests: tariff.requests_per_month,
          })}
        </Text>
        <Button onClick={onBuy} loading={busy}>
          {t("money:myRate.buy")}
        </Button>
      </Stack>
    </Card>
  );
}

/** How long the page keeps reading the balance after a payment (every few seconds). */
const PAYMENT_WAIT_MS = 120_000;

/** /balance/my-rate: the current tariff, its usage, the balance and the catalogue. */
export function MyRatePage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(`${t("money:myRate.title")} · Leadquiz`);
  // Back from a provider's payment page: the balance shows the payment once the provider's
  // notification is in, so the page reads it again for a while (docs/money.md "Payments").
  const [params] = useSearchParams();
  const paid = params.get("payment") === "done";
  const info = useTariffInfo({ refetchWhile: paid ? PAYMENT_WAIT_MS : 0 });
  const tariffs = useTariffs();
  const buy = useBuyTariff();
  const tariffName = useTariffName();
  const [confirming, setConfirming] = useState<Tariff | null>(null);

  if (info.isPending || tariffs.isPending) return <PageLoader />;
  const failure = info.error ?? tariffs.error;
  if (failure || !info.data || !tariffs.data) {
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(failure, t)}
      </Alert>
    );
  }

  return (
    <Stack gap="lg" maw={960}>
      <Title order={2}>{t("money:myRate.title")}</Title>
      {paid ? (
        <Alert color="green" variant="light" role="status" data-testid="payment-done">
          {t("money:myRate.paymentDone")}
        </Alert>
      ) : null}
      <CurrentTariff info={info.data} />
      {buy.error ? (
        <Alert color="red" variant="light" role="alert" data-testid="buy-error">
          {errorMessage(buy.error, t)}
        </Alert>
      ) : null}
      {buy.data ? (
        <Alert color="green" variant="light" role="status" data-testid="buy-done">
          {t("money:myRate.bought", {
            title: tariffName(buy.data.tariff),
            date: buy.data.ends_at ? formatDateTime(buy.data.ends_at, i18n.language) : "",
          })}
        </Alert>
      ) : null}
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t("money:myRate.catalogue")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("money:myRate.extendNote")}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {tariffs.data.map((tariff) => (
          <TariffCard
            key={tariff.id}
            tariff={tariff}
            busy={buy.isPending && buy.variables === tariff.id}
            onBuy={() => setConfirming(tariff)}
          />
        ))}
      </SimpleGrid>
      <BuyConfirmDialog
        info={info.data}
        tariff={confirming}
        onConfirm={(tariff) => buy.mutate(tariff.id)}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
