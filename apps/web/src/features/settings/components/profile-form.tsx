import type { User } from "@leadquiz/contract";
import { Button, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/shared/api/error-message";
import { applyFieldErrors } from "@/shared/api/form-errors";
import { useFieldProps } from "@/shared/forms/use-field-props";
import { FormAlert } from "@/shared/ui/form-alert";
import { useUpdateUser } from "../api/use-update-user";

interface ProfileValues {
  firstName: string;
  lastName: string;
}

const maxLength = (value: string) => (value.length > 150 ? "settings:profile.tooLong" : null);

/** First name and last name (PATCH userinfo/{id}/); the e-mail has its own form. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const mutation = useUpdateUser();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<ProfileValues>({
    mode: "controlled",
    initialValues: { firstName: user.first_name, lastName: user.last_name },
    validate: { firstName: maxLength, lastName: maxLength },
    validateInputOnBlur: true,
  });
  const fieldProps = useFieldProps(form);

  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => {
        setFormErrors([]);
        mutation.mutate(
          {
            id: user.id,
            patch: {
              first_name: values.firstName.trim(),
              last_name: values.lastName.trim(),
            },
          },
          {
            onSuccess: (saved) => {
              form.setValues({
                firstName: saved.first_name,
                lastName: saved.last_name,
              });
              form.resetDirty();
              notifications.show({ color: "green", message: t("settings:profile.saved") });
            },
            onError: (error) => {
              const rest = applyFieldErrors(error, form.setFieldError, {
                first_name: "firstName",
                last_name: "lastName",
              });
              setFormErrors(rest ?? [errorMessage(error, t)]);
            },
          },
        );
      })}
    >
      <Stack gap="md">
        <Group grow align="flex-start">
          <TextInput
            label={t("settings:profile.firstName")}
            autoComplete="given-name"
            {...fieldProps("firstName")}
          />
          <TextInput
            label={t("settings:profile.lastName")}
            autoComplete="family-name"
            {...fieldProps("lastName")}
          />
        </Group>
        <FormAlert messages={formErrors} />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending} data-testid="profile-submit">
            {t("settings:profile.submit")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
