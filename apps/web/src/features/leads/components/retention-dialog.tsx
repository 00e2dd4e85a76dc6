import { Button, Group, Select, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { useServerForm } from "@/shared/forms/use-server-form";
import { DialogModal } from "@/shared/ui/dialog-modal";
import { FormAlert } from "@/shared/ui/form-alert";
import { useSaveLeadRetention } from "../api/leads-queries";

/** The retentions offered; the API takes any number of days from 1 to 3650. */
const choices = [30, 90, 180, 365, 730] as const;
const KEEP = "keep";

/**
 * The account's lead retention (docs/leads.md "Retention"): leads older than the chosen
 * number of days are erased by a daily job; "keep" leaves them until erased by hand.
 */
export function RetentionDialog(props: {
  opened: boolean;
  days: number | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveLeadRetention();
  const current = props.days === null ? KEEP : String(props.days);
  const options = [
    { value: KEEP, label: t("leads:retention.keep") },
    ...[...new Set<number>([...choices, ...(props.days === null ? [] : [props.days])])]
      .sort((a, b) => a - b)
      .map((days) => ({ value: String(days), label: t("leads:retention.days", { count: days }) })),
  ];
  const { form, fieldProps, mutation, formErrors, onSubmit } = useServerForm({
    initialValues: { days: current },
    validate: {},
    submit: (values) => save({ days: values.days === KEEP ? null : Number(values.days) }),
    fieldMap: { days: "days" },
    onSuccess: () => {
      notifications.show({ color: "green", message: t("leads:retention.saved") });
      props.onClose();
    },
  });
  return (
    <DialogModal
      opened={props.opened}
      onClose={props.onClose}
      onExitTransitionEnd={() => form.setValues({ days: current })}
      title={t("leads:retention.title")}
      centered
    >
      <form noValidate onSubmit={onSubmit} data-testid="retention-form">
        <Stack gap="md">
          <Text size="sm">{t("leads:retention.body")}</Text>
          <Select
            label={t("leads:retention.label")}
            data={options}
            allowDeselect={false}
            {...fieldProps("days")}
            data-testid="retention-days"
          />
          <FormAlert messages={formErrors} />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              {t("leads:retention.cancel")}
            </Button>
            <Button type="submit" loading={mutation.isPending} data-testid="retention-save">
              {t("leads:retention.save")}
            </Button>
          </Group>
        </Stack>
      </form>
    </DialogModal>
  );
}
