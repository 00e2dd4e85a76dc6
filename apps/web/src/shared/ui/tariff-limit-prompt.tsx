import { Button, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/shared/routing/paths";
import { DialogModal } from "@/shared/ui/dialog-modal";

export type TariffLimitKind = "project" | "lead";

/**
 * The prompt shown when the tariff's allowance is used up (403 `project_limit` or
 * `lead_limit`, docs/money.md "Limits"): what happened and the way to another tariff.
 */
export function TariffLimitPrompt({
  kind,
  onClose,
}: {
  /** The allowance that ran out; nothing is shown while null. */
  kind: TariffLimitKind | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <DialogModal
      opened={kind !== null}
      onClose={onClose}
      title={t(`money:limit.${kind ?? "project"}.title`)}
      centered
      data-testid="tariff-limit"
    >
      <Text mb="lg">{t(`money:limit.${kind ?? "project"}.body`)}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t("common:actions.close")}
        </Button>
        <Button component={Link} to={paths.balanceMyRate()} onClick={onClose}>
          {t("money:limit.action")}
        </Button>
      </Group>
    </DialogModal>
  );
}
