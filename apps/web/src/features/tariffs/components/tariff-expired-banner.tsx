import { Alert, Button, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useTariffInfo } from "@/shared/api/tariff-info";
import { paths } from "@/shared/routing/paths";

/**
 * Above every signed-in page once the tariff has ended (docs/money.md "Limits"): the quizzes
 * are hidden and publishing is refused until the owner renews.
 */
export function TariffExpiredBanner() {
  const { t } = useTranslation();
  const { data: info } = useTariffInfo();
  if (!info || info.is_active) return null;
  return (
    <Alert color="red" variant="light" mb="lg" role="alert" data-testid="tariff-expired-banner">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dark.7">
          {t("money:banner.expired")}
        </Text>
        <Button size="xs" component={Link} to={paths.balanceMyRate()}>
          {t("money:banner.renew")}
        </Button>
      </Group>
    </Alert>
  );
}
