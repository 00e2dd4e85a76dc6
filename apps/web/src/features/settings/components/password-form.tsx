import { Button, Group, PasswordInput, Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import { useApiClient, useSessionStore } from "@/shared/api/services-context";
import { useServerForm } from "@/shared/forms/use-server-form";
import { nonEmptyRule, passwordRule, repeatRule } from "@/shared/forms/validators";
import { FormAlert } from "@/shared/ui/form-alert";
import { changePassword } from "../api/settings-api";

interface PasswordValues {
  oldPassword: string;
  newPassword: string;
  repeatPassword: string;
}

/** Password change: POST change-password/ {old_password, new_password}. */
export function PasswordForm() {
  const { t } = useTranslation();
  const api = useApiClient();
  const session = useSessionStore();
  const { fieldProps, mutation, formErrors, onSubmit } = useServerForm({
    initialValues: { oldPassword: "", newPassword: "", repeatPassword: "" },
    validate: {
      oldPassword: nonEmptyRule,
      newPassword: passwordRule(),
      repeatPassword: repeatRule<PasswordValues>("newPassword"),
    },
    submit: (values) =>
      changePassword(api, { old_password: values.oldPassword, new_password: values.newPassword }),
    fieldMap: { old_password: "oldPassword", new_password: "newPassword", password: "newPassword" },
    onSuccess: (tokens, form) => {
      // Every other session has ended; this one continues (its new cookie came with the answer).
      session.set({ access: tokens.access });
      form.reset();
      notifications.show({ color: "green", message: t("settings:password.saved") });
    },
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <PasswordInput
          label={t("settings:password.old")}
          autoComplete="current-password"
          {...fieldProps("oldPassword")}
        />
        <PasswordInput
          label={t("settings:password.new")}
          autoComplete="new-password"
          {...fieldProps("newPassword")}
        />
        <PasswordInput
          label={t("settings:password.repeat")}
          autoComplete="new-password"
          {...fieldProps("repeatPassword")}
        />
        <FormAlert messages={formErrors} />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} data-testid="password-submit">
            {t("settings:password.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
