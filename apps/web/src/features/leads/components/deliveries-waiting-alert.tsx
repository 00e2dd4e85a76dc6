import { Alert, Button, Group, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { paths } from "@/shared/routing/paths";

/**
 * Says how many deliveries of the account's leads wait for requests (docs/leads.md
 * "Allowance"): they go out, oldest lead first, once requests are bought. Nothing when none.
 */
export function DeliveriesWaitingAlert({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <Alert
      color="orange"
      variant="light"
      title={t("leads:waiting.title")}
      data-testid="deliveries-waiting"
    >
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <Text size="sm" maw={720}>
          {t("leads:waiting.body", { count })}
        </Text>
        <Button component={Link} to={paths.balanceMyRate()} size="xs" variant="filled">
          {t("leads:waiting.action")}
        </Button>
      </Group>
    </Alert>
  );
}
