import { PAYMENT_PROVIDER_MANUAL } from "@leadquiz/contract";
import {
  Alert,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { useTariffInfo } from "@/shared/api/tariff-info";
import { useServerForm } from "@/shared/forms/use-server-form";
import { FormAlert } from "@/shared/ui/form-alert";
import { usePaymentLinks, usePaymentProviders } from "../api/tariff-queries";
import { amountRule } from "../components/amount-rule";
import { formatUsd } from "../components/format-usd";

/** The providers this page can name (docs/money.md "Payments"). */
const PROVIDER_KEYS: Record<number, string> = {
  0: "money:pay.provider.manual",
  1: "money:pay.provider.card",
  14: "money:pay.provider.paypal",
};

/**
 * /balance/pay: tops the balance up through the payment page of a provider, chosen by the
 * owner when the server offers more than one.
 */
export function PayPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(`${t("money:pay.title")} · Leadquiz`);
  const balance = useTariffInfo().data?.balance;
  const links = usePaymentLinks();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const offered = (usePaymentProviders().data?.providers ?? []).filter(
    (id) => PROVIDER_KEYS[id] !== undefined,
  );
  const [chosen, setChosen] = useState<number | undefined>();
  const provider = chosen !== undefined && offered.includes(chosen) ? chosen : offered[0];
  const returned = params.get("payment");
  const { fieldProps, mutation, formErrors, onSubmit } = useServerForm({
    initialValues: { amount: "" },
    validate: {
      amount: amountRule,
    },
    submit: (values) => links({ amount: values.amount.trim(), provider }),
    fieldMap: { amount: "amount", provider: "amount" },
    onSuccess: ([first]) => {
      if (!first) return;
      const target = new URL(first.link, window.location.origin);
      // The manual provider's page is a page of this app; others are the provider's own.
      if (first.provider === PAYMENT_PROVIDER_MANUAL)
        void navigate(`${target.pathname}${target.search}`);
      else window.location.assign(first.link);
    },
  });

  return (
    <Stack gap="lg" maw={560}>
      <Title order={2}>{t("money:pay.title")}</Title>
      {balance === undefined ? null : (
        <Text fw={600} data-testid="balance">
          {t("money:myRate.balance", { amount: formatUsd(balance, i18n.language) })}
        </Text>
      )}
      {returned === "cancelled" || returned === "failed" ? (
        <Alert color="yellow" variant="light" data-testid="payment-not-made">
          {t(`money:pay.${returned}`)}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p="lg">
        <form noValidate onSubmit={onSubmit}>
          <Stack gap="md">
            <TextInput
              label={t("money:pay.amount")}
              inputMode="decimal"
              autoComplete="off"
              {...fieldProps("amount")}
            />
            {offered.length > 1 && provider !== undefined ? (
              <SegmentedControl
                aria-label={t("money:pay.providerLabel")}
                value={String(provider)}
                onChange={(value) => setChosen(Number(value))}
                data={offered.map((id) => ({
                  value: String(id),
                  label: t(PROVIDER_KEYS[id] ?? ""),
                }))}
              />
            ) : null}
            <FormAlert messages={formErrors} />
            <Group justify="flex-end">
              <Button type="submit" loading={mutation.isPending} data-testid="pay-submit">
                {t("money:pay.submit")}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
