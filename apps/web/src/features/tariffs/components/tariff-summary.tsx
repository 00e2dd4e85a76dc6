import { Anchor, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useTariffInfo } from "@/shared/api/tariff-info";
import { formatDateTime } from "@/shared/i18n/format-date";
import { paths } from "@/shared/routing/paths";
import { useTariffName } from "./tariff-name";

/** The current tariff and its end date, with the way to the tariff page (settings). */
export function TariffSummary() {
  const { t, i18n } = useTranslation();
  const { data: info } = useTariffInfo();
  const tariffName = useTariffName();
  if (!info) return null;
  const date = info.ends_at ? formatDateTime(info.ends_at, i18n.language) : "";
  return (
    <Stack gap="xs">
      <Text>
        {t("money:myRate.current")}: {tariffName(info.tariff)}
      </Text>
      <Text size="sm" c={info.is_active ? "dark.7" : "red.9"}>
        {info.is_active ? t("money:myRate.endsAt", { date }) : t("money:myRate.endedAt", { date })}
      </Text>
      <Anchor component={Link} to={paths.balanceMyRate()} size="sm">
        {t("money:myRate.title")}
      </Anchor>
    </Stack>
  );
}
