import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearchParams } from "react-router";
import { isApiError } from "@/shared/api/api-error";
import { errorMessage } from "@/shared/api/error-message";
import { applyFieldErrors } from "@/shared/api/form-errors";
import { useApiClient, useSessionStore } from "@/shared/api/services-context";
import { useFieldProps } from "@/shared/forms/use-field-props";
import { emailRule, nonEmptyRule } from "@/shared/forms/validators";
import { FormAlert } from "@/shared/ui/form-alert";
import { paths, REDIRECT_PARAM, safeRedirect } from "../../../app/paths";
import { login } from "../api/auth-api";
import { AuthTitle } from "../components/auth-title";
import { SocialSignIn } from "../components/social-sign-in";

interface LoginValues {
  email: string;
  password: string;
}

/** /login: e-mail and password; success stores the tokens and the guard moves on. */
export function LoginPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const session = useSessionStore();
  const { search } = useLocation();
  const [params] = useSearchParams();
  const [formErrors, setFormErrors] = useState<string[]>([]);

  const form = useForm<LoginValues>({
    mode: "controlled",
    initialValues: { email: "", password: "" },
    validate: { email: emailRule, password: nonEmptyRule },
    validateInputOnBlur: true,
  });
  const fieldProps = useFieldProps(form);

  const mutation = useMutation({
    mutationFn: (values: LoginValues) =>
      login(api, { email: values.email.trim(), password: values.password }),
    // Storing the session is enough: RequireAnonymous then sends the user to redirectUrl.
    onSuccess: (tokens) => session.set(tokens),
    onError: (error) => {
      if (isApiError(error) && error.status === 401) {
        form.setFieldError("password", "errors:invalid_credentials");
        return;
      }
      const rest = applyFieldErrors(error, form.setFieldError, {
        email: "email",
        username: "email",
        password: "password",
      });
      setFormErrors(rest ?? [errorMessage(error, t)]);
    },
  });

  return (
    <>
      <AuthTitle title={t("auth:login.title")} subtitle={t("auth:login.subtitle")} />
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setFormErrors([]);
          mutation.mutate(values);
        })}
      >
        <Stack gap="md">
          <TextInput
            label={t("auth:fields.email")}
            type="email"
            autoComplete="email"
            {...fieldProps("email")}
          />
          <PasswordInput
            label={t("auth:fields.password")}
            autoComplete="current-password"
            {...fieldProps("password")}
          />
          <Group justify="flex-end">
            <Anchor
              component={Link}
              to={`${paths.forgotPassword()}${search}`}
              size="sm"
              data-testid="forgot-password-link"
            >
              {t("auth:login.forgotPassword")}
            </Anchor>
          </Group>
          <FormAlert messages={formErrors} />
          <Button type="submit" fullWidth loading={mutation.isPending} data-testid="login-submit">
            {t("auth:login.submit")}
          </Button>
          <Button
            component={Link}
            to={`${paths.registration()}${search}`}
            variant="light"
            fullWidth
            data-testid="to-registration"
          >
            {t("auth:login.toRegistration")}
          </Button>
          <SocialSignIn redirectUrl={safeRedirect(params.get(REDIRECT_PARAM))} />
        </Stack>
      </form>
    </>
  );
}
