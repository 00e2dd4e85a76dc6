import { Alert, Button, Stack, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useCurrentUser } from "@/shared/api/user-queries";
import { paths } from "@/shared/routing/paths";
import { usePaymentProviders } from "../api/tariff-queries";

/**
 * /balance/pay/manual: the manual provider's payment page (docs/money.md "Payments"): how
 * to pay the operator, who then credits the balance.
 */
export function ManualPaymentPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t("money:pay.manualTitle")} · Leadquiz`);
  const [params] = useSearchParams();
  const { data: user } = useCurrentUser();
  const amount = params.get("amount") ?? "";
  // Said only when paying the operator is the one way this server offers.
  const only = usePaymentProviders().data?.providers.length === 1;
  return (
    <Stack gap="lg" maw={640}>
      <Title order={2}>{t("money:pay.manualTitle")}</Title>
      <Alert color="blue" variant="light" data-testid="manual-payment">
        {only ? `${t("money:pay.manualOnly")} ` : ""}
        {t("money:pay.manualText", { amount, email: user?.email ?? "" })}
      </Alert>
      <Button component={Link} to={paths.balanceMyRate()} variant="light" w="fit-content">
        {t("money:pay.backToTariff")}
      </Button>
    </Stack>
  );
}
