import type { User } from "@leadquiz/contract";
import { Badge, Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useApiClient } from "@/shared/api/services-context";
import { useServerForm } from "@/shared/forms/use-server-form";
import { emailRule, nonEmptyRule } from "@/shared/forms/validators";
import { FormAlert } from "@/shared/ui/form-alert";
import { requestEmailChange } from "../api/settings-api";

type EmailValues = {
  email: string;
  password: string;
};

/**
 * The account's address and its change (POST email/change/): the current password, then a
 * link mailed to the new address; nothing changes until it is followed (docs/security.md).
 */
export function EmailForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const { fieldProps, mutation, formErrors, onSubmit } = useServerForm<EmailValues, string>({
    initialValues: { email: "", password: "" },
    validate: { email: emailRule, password: nonEmptyRule },
    submit: (values) =>
      requestEmailChange(api, { email: values.email.trim(), password: values.password }),
    fieldMap: { email: "email", password: "password" },
    onSuccess: (_sent, form) => form.reset(),
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack gap="md">
        <Group gap="sm">
          {/* A long address breaks anywhere rather than run out of the card on a phone. */}
          <Text fw={600} data-testid="settings-current-email" style={{ overflowWrap: "anywhere" }}>
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
