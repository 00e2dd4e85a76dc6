import type { User } from "@leadquiz/contract";
import { Button, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../shared/api/error-message";
import { applyFieldErrors } from "../../../shared/api/form-errors";
import { useFieldProps } from "../../../shared/forms/use-field-props";
import { emailRule } from "../../../shared/forms/validators";
import { FormAlert } from "../../../shared/ui/form-alert";
import { useUpdateUser } from "../api/use-update-user";

interface ProfileValues {
  firstName: string;
  lastName: string;
  email: string;
}

const maxLength = (value: string) => (value.length > 150 ? "settings:profile.tooLong" : null);

/** First name, last name and e-mail (PATCH userinfo/{id}/). */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const mutation = useUpdateUser();
  const [formErrors, setFormErrors] = useState<string[]>([]);
  const form = useForm<ProfileValues>({
    mode: "controlled",
    initialValues: { firstName: user.first_name, lastName: user.last_name, email: user.email },
    validate: { firstName: maxLength, lastName: maxLength, email: emailRule },
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
              email: values.email.trim(),
            },
          },
          {
            onSuccess: (saved) => {
              form.setValues({
                firstName: saved.first_name,
                lastName: saved.last_name,
                email: saved.email,
              });
              form.resetDirty();
              notifications.show({ color: "green", message: t("settings:profile.saved") });
            },
            onError: (error) => {
              const rest = applyFieldErrors(error, form.setFieldError, {
                first_name: "firstName",
                last_name: "lastName",
                email: "email",
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
        <TextInput
          label={t("settings:profile.email")}
          type="email"
          autoComplete="email"
          {...fieldProps("email")}
        />
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
