import type { User } from "@leadquiz/contract";
import { Badge, Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/shared/api/error-message";
import { applyFieldErrors } from "@/shared/api/form-errors";
import { useApiClient } from "@/shared/api/services-context";
import { useFieldProps } from "@/shared/forms/use-field-props";
import { emailRule, nonEmptyRule } from "@/shared/forms/validators";
import { FormAlert } from "@/shared/ui/form-alert";
import { requestEmailChange } from "../../auth/api/auth-api";

interface EmailValues {
  email: string;
  password: string;
}

/**
 * The account's address and its change (POST email/change/): the current password, then a
 * link mailed to the new address; nothing changes until it is followed (docs/security.md).
 */
export function EmailForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<EmailValues>({
    mode: "controlled",
    initialValues: { email: "", password: "" },
    validate: { email: emailRule, password: nonEmptyRule },
    validateInputOnBlur: true,
  });
  const fieldProps = useFieldProps(form);
  const mutation = useMutation({
    mutationFn: (values: EmailValues) =>
      requestEmailChange(api, { email: values.email.trim(), password: values.password }),
    onSuccess: () => form.reset(),
    onError: (error) => {
      const rest = applyFieldErrors(error, form.setFieldError, {
        email: "email",
        password: "password",
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
        <Group gap="sm">
          <Text fw={600} data-testid="settings-current-email">
            {user.email}
          </Text>
          <Badge color={user.email_verified ? "green" : "yellow"} variant="light" c="dark.7">
            {user.email_verified ? t("settings:email.verified") : t("settings:email.unverified")}
          </Badge>
        </Group>
        <TextInput
          label={t("settings:email.new")}
          type="email"
          autoComplete="email"
          {...fieldProps("email")}
        />
        <PasswordInput
          label={t("settings:email.password")}
          autoComplete="current-password"
          {...fieldProps("password")}
        />
        {mutation.isSuccess && (
          <Text size="sm" role="status" data-testid="email-change-sent">
            {mutation.data}
          </Text>
        )}
        <FormAlert messages={formErrors} />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} data-testid="email-submit">
            {t("settings:email.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
