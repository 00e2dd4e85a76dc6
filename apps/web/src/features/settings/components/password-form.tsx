import { Button, Group, PasswordInput, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/shared/api/error-message";
import { applyFieldErrors } from "@/shared/api/form-errors";
import { useApiClient, useSessionStore } from "@/shared/api/services-context";
import { useFieldProps } from "@/shared/forms/use-field-props";
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
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<PasswordValues>({
    mode: "controlled",
    initialValues: { oldPassword: "", newPassword: "", repeatPassword: "" },
    validate: {
      oldPassword: nonEmptyRule,
      newPassword: passwordRule(),
      repeatPassword: repeatRule<PasswordValues>("newPassword"),
    },
    validateInputOnBlur: true,
  });
  const fieldProps = useFieldProps(form);

  const mutation = useMutation({
    mutationFn: (values: PasswordValues) =>
      changePassword(api, { old_password: values.oldPassword, new_password: values.newPassword }),
    onSuccess: (tokens) => {
      // Every other session has ended; this one continues with the new pair.
      session.set(tokens);
      form.reset();
      notifications.show({ color: "green", message: t("settings:password.saved") });
    },
    onError: (error) => {
      const rest = applyFieldErrors(error, form.setFieldError, {
        old_password: "oldPassword",
        new_password: "newPassword",
        password: "newPassword",
      });
      setFormErrors(rest ?? [errorMessage(error, t)]);
    },
  });

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setFormErrors([]);
        mutation.mutate(values);
      })}
    >
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
