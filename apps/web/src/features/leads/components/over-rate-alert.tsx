import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/shared/api/error-message";
import { useLetLeadsThrough, useOverRateSummary } from "../api/leads-queries";

/**
 * Tells the owner of leads that came over the per-address rate (docs/leads.md "Leads over the
 * per-address rate"): how many were flagged and are held from the integrations, with one
 * click to let them through and one to list them, and how many were refused at abuse-level
 * volumes. Nothing when there is nothing to say.
 */
export function OverRateAlert({ onShowFlagged }: { onShowFlagged: () => void }) {
  const { t } = useTranslation();
  const summary = useOverRateSummary().data;
  const letThrough = useLetLeadsThrough();
  const onLetThrough = () =>
    letThrough.mutate(undefined, {
      onSuccess: (result) =>
        notifications.show({
          color: "green",
          message: t("leads:overRate.done", { count: result.let_through }),
        }),
      onError: (error) => notifications.show({ color: "red", message: errorMessage(error, t) }),
    });
  if (!summary || (summary.flagged <= 0 && summary.held <= 0 && summary.refused <= 0)) return null;
  const { flagged, held, refused, days } = summary;
  return (
    <Alert
      color="orange"
      variant="light"
      title={t("leads:overRate.title")}
      data-testid="over-rate-notice"
    >
      <Stack gap="xs">
        {flagged > 0 && (
          <Text size="sm" maw={760}>
            {t("leads:overRate.flagged", { count: flagged, days })}
          </Text>
        )}
        {held > 0 && (
          <Text size="sm" maw={760}>
            {t("leads:overRate.held", { count: held })}
          </Text>
        )}
        {refused > 0 && (
          <Text size="sm" maw={760}>
            {t("leads:overRate.refused", { count: refused, days })}
          </Text>
        )}
        <Group gap="sm" wrap="wrap">
          {held > 0 && (
            <Button
              size="xs"
              onClick={onLetThrough}
              loading={letThrough.isPending}
              data-testid="let-through"
            >
              {t("leads:overRate.letThrough", { count: held })}
            </Button>
          )}
          {flagged > 0 && (
            <Button size="xs" variant="default" onClick={onShowFlagged}>
              {t("leads:overRate.show")}
            </Button>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
