import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearchParams } from "react-router";
import { isApiError } from "@/shared/api/api-error";
import { useApiClient, useSessionStore } from "@/shared/api/services-context";
import { useServerForm } from "@/shared/forms/use-server-form";
import { emailRule, nonEmptyRule } from "@/shared/forms/validators";
import { paths, REDIRECT_PARAM, safeRedirect } from "@/shared/routing/paths";
import { FormAlert } from "@/shared/ui/form-alert";
import { login } from "../api/auth-api";
import { AuthTitle } from "../components/auth-title";
import { SocialSignIn } from "../components/social-sign-in";

/** /login: e-mail and password; success stores the tokens and the guard moves on. */
export function LoginPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const session = useSessionStore();
  const { search, state } = useLocation();
  const passwordChanged = (state as { passwordChanged?: unknown } | null)?.passwordChanged === true;
  const [params] = useSearchParams();
  const { fieldProps, mutation, formErrors, onSubmit } = useServerForm({
    initialValues: { email: "", password: "" },
    validate: { email: emailRule, password: nonEmptyRule },
    submit: (values) => login(api, { email: values.email.trim(), password: values.password }),
    fieldMap: { email: "email", username: "email", password: "password" },
    // Storing the session is enough: RequireAnonymous then sends the user to redirectUrl.
    onSuccess: (tokens) => session.signIn(tokens),
    handleError: (error, form) => {
      if (!(isApiError(error) && error.status === 401)) return false;
      form.setFieldError("password", "errors:invalid_credentials");
      return true;
    },
  });

  return (
    <>
      <AuthTitle title={t("auth:login.title")} subtitle={t("auth:login.subtitle")} />
      {passwordChanged ? (
        <Alert color="green" variant="light" role="status" mb="md" data-testid="password-changed">
          {t("auth:resetPassword.success")}
        </Alert>
      ) : null}
      <form noValidate onSubmit={onSubmit}>
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
