import type { Tariff, TariffInfo } from "@leadquiz/contract";
import { List } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/shared/i18n/format-date";
import { ConfirmDialog } from "@/shared/ui/confirm-dialog";
import { formatUsd } from "./format-usd";
import { useTariffName } from "./tariff-name";

/**
 * Asks before a tariff is bought from the balance (docs/money.md "Buying"): the price and
 * the balance after it, when the bought period runs, the limits it brings and, when the
 * current tariff (the trial) allows more projects, that those larger limits end now.
 */
export function BuyConfirmDialog({
  info,
  tariff,
  onConfirm,
  onClose,
}: {
  info: TariffInfo;
  tariff: Tariff | null;
  onConfirm: (tariff: Tariff) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const usd = (amount: number) => formatUsd(amount.toFixed(2), i18n.language);
  const price = Number(tariff?.price ?? 0);
  const after = Number(info.balance) - price;
  const tariffName = useTariffName();
  const current = tariffName(info.tariff);
  const runsOn = info.is_active && info.ends_at !== null;
  return (
    <ConfirmDialog
      opened={tariff !== null}
      title={t("money:myRate.confirmTitle", { title: tariffName(tariff) })}
      message={t(after < 0 ? "money:myRate.confirmPriceShort" : "money:myRate.confirmPrice", {
        price: usd(price),
        balance: usd(Number(info.balance)),
        after: usd(after),
      })}
      confirmLabel={t("money:myRate.confirmOk", { price: usd(price) })}
      onClose={onClose}
      onConfirm={() => {
        if (tariff) onConfirm(tariff);
        onClose();
      }}
    >
      {tariff ? (
        <List size="sm" spacing={4} mb="lg" data-testid="buy-changes">
          {after < 0 ? (
            <List.Item c="red.9">
              {t("money:myRate.confirmShort", { missing: usd(-after) })}
            </List.Item>
          ) : null}
          <List.Item>
            {runsOn
              ? t("money:myRate.confirmAfter", {
                  count: tariff.period_months,
                  current,
                  date: formatDateTime(info.ends_at ?? "", i18n.language),
                })
              : t("money:myRate.confirmNow", { count: tariff.period_months })}
          </List.Item>
          <List.Item>
            {t("money:myRate.confirmLimits", {
              projects: tariff.projects_per_month,
              requests: tariff.requests_per_month * tariff.period_months,
            })}
          </List.Item>
          {info.is_active && info.projects_limit > tariff.projects_per_month ? (
            <List.Item data-testid="buy-limits-end">
              {t("money:myRate.confirmFewerProjects", {
                current,
                from: info.projects_limit,
                to: tariff.projects_per_month,
              })}
            </List.Item>
          ) : null}
        </List>
      ) : null}
    </ConfirmDialog>
  );
}
