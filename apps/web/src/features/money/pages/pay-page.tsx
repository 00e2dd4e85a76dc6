import { PAYMENT_PROVIDER_MANUAL } from "@leadquiz/contract";
import { Button, Group, Paper, Stack, TextInput, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useServerForm } from "@/shared/forms/use-server-form";
import { FormAlert } from "@/shared/ui/form-alert";
import { usePaymentLinks } from "../api/money-queries";
import { amountRule } from "../components/amount-rule";

/** /balance/pay: tops the balance up through the payment page of the available provider. */
export function PayPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("money:pay.title")} · Leadquiz`);
  const links = usePaymentLinks();
  const navigate = useNavigate();
  const { fieldProps, mutation, formErrors, onSubmit } = useServerForm({
    initialValues: { amount: "" },
    validate: {
      amount: amountRule,
    },
    submit: (values) => links({ amount: values.amount.trim() }),
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
      <Paper withBorder radius="md" p="lg">
        <form noValidate onSubmit={onSubmit}>
          <Stack gap="md">
            <TextInput
              label={t("money:pay.amount")}
              inputMode="decimal"
              autoComplete="off"
              {...fieldProps("amount")}
            />
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
