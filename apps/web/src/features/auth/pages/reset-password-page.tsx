import { Anchor, Button, PasswordInput, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { isApiError } from "@/shared/api/api-error";
import { errorMessage } from "@/shared/api/error-message";
import { useApiClient, useSessionStore } from "@/shared/api/services-context";
import { useFieldProps } from "@/shared/forms/use-field-props";
import { passwordRule, repeatRule } from "@/shared/forms/validators";
import { paths } from "@/shared/routing/paths";
import { confirmPasswordReset } from "../api/auth-api";
import { AuthTitle } from "../components/auth-title";

interface ResetValues {
  newPassword: string;
  confirmPassword: string;
}

/** /reset-password/:token: sets a new password; success goes to /login. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const api = useApiClient();
  const session = useSessionStore();
  const navigate = useNavigate();
  const { token = "" } = useParams();

  const form = useForm<ResetValues>({
    mode: "controlled",
    initialValues: { newPassword: "", confirmPassword: "" },
    validate: {
      newPassword: passwordRule({ requireLetterAndDigit: true }),
      confirmPassword: repeatRule<ResetValues>("newPassword"),
    },
    validateInputOnBlur: true,
  });
  const fieldProps = useFieldProps(form);

  const mutation = useMutation({
    mutationFn: (values: ResetValues) =>
      confirmPasswordReset(api, { token, password: values.newPassword }),
    onSuccess: () => {
      session.clear();
      // The sign-in page says so where the owner looks next (a toast was gone before that).
      void navigate(paths.login(), { replace: true, state: { passwordChanged: true } });
    },
    onError: (error) => {
      const passwordErrors = isApiError(error) ? error.fieldErrors?.password : undefined;
      if (passwordErrors && passwordErrors.length > 0) {
        form.setFieldError("newPassword", passwordErrors.join(" "));
      } else if (isApiError(error) && error.status === 0) {
        form.setFieldError("newPassword", errorMessage(error, t));
      } else {
        // 404 and every other failure: the link is used up, expired or wrong.
        form.setFieldError("newPassword", "errors:token_not_valid");
      }
    },
  });

  return (
    <>
      <AuthTitle
        title={t("auth:resetPassword.title")}
        subtitle={t("auth:resetPassword.subtitle")}
      />
      <form noValidate onSubmit={form.onSubmit((values) => mutation.mutate(values))}>
        <Stack gap="md">
          <PasswordInput
            label={t("auth:fields.newPassword")}
            description={t("auth:resetPassword.rule")}
            autoComplete="new-password"
            {...fieldProps("newPassword")}
          />
          <PasswordInput
            label={t("auth:fields.confirmPassword")}
            autoComplete="new-password"
            {...fieldProps("confirmPassword")}
          />
          <Button
            type="submit"
            fullWidth
            loading={mutation.isPending}
            data-testid="reset-password-submit"
          >
            {t("auth:resetPassword.submit")}
          </Button>
          <Anchor component={Link} to={paths.login()} size="sm" ta="center">
            {t("auth:forgotPassword.backToLogin")}
          </Anchor>
        </Stack>
      </form>
    </>
  );
}
