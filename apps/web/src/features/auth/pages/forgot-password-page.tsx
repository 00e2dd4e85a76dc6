import { Alert, Anchor, Button, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useApiClient } from "@/shared/api/services-context";
import { useFieldProps } from "@/shared/forms/use-field-props";
import { emailRule } from "@/shared/forms/validators";
import { paths } from "@/shared/routing/paths";
import { requestPasswordReset } from "../api/auth-api";
import { AuthTitle } from "../components/auth-title";

/** /forgot-password: after a submit the confirmation is shown whatever the server said. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const { search } = useLocation();
  const [sent, setSent] = useState(false);

  const form = useForm({
    mode: "controlled",
    initialValues: { email: "" },
    validate: { email: emailRule },
    validateInputOnBlur: true,
  });
  const fieldProps = useFieldProps(form);

  const mutation = useMutation({
    mutationFn: (email: string) => requestPasswordReset(api, email),
    // No account enumeration and no error: the same confirmation for every outcome.
    onSettled: () => setSent(true),
  });

  return (
    <>
      <AuthTitle
        title={t("auth:forgotPassword.title")}
        subtitle={sent ? undefined : t("auth:forgotPassword.subtitle")}
      />
      {sent ? (
        <Stack gap="md">
          <Alert color="green" variant="light" role="status" data-testid="forgot-password-sent">
            {t("auth:forgotPassword.sent")}
          </Alert>
          <Button component={Link} to={`${paths.login()}${search}`} variant="light" fullWidth>
            {t("auth:forgotPassword.backToLogin")}
          </Button>
        </Stack>
      ) : (
        <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values.email.trim()))}>
          <Stack gap="md">
            <TextInput
              label={t("auth:fields.email")}
              type="email"
              autoComplete="email"
              {...fieldProps("email")}
            />
            <Button
              type="submit"
              fullWidth
              loading={mutation.isPending}
              data-testid="forgot-password-submit"
            >
              {t("auth:forgotPassword.submit")}
            </Button>
            <Anchor component={Link} to={`${paths.login()}${search}`} size="sm" ta="center">
              {t("auth:forgotPassword.backToLogin")}
            </Anchor>
          </Stack>
        </form>
      )}
    </>
  );
}
