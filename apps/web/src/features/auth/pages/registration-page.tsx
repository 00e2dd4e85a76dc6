import { Anchor, Button, Checkbox, PasswordInput, Stack, TextInput } from "@mantine/core";
import { Trans, useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { isApiError } from "@/shared/api/api-error";
import { errorMessage } from "@/shared/api/error-message";
import { useApiClient, useSessionStore } from "@/shared/api/services-context";
import { useServerForm } from "@/shared/forms/use-server-form";
import { checkedRule, emailRule, passwordRule, repeatRule } from "@/shared/forms/validators";
import { currentLanguage } from "@/shared/i18n/i18n";
import { FormAlert } from "@/shared/ui/form-alert";
import { paths, REDIRECT_PARAM, safeRedirect } from "../../../app/paths";
import { login, register } from "../api/auth-api";
import { AuthTitle } from "../components/auth-title";
import { SocialSignIn } from "../components/social-sign-in";

interface RegistrationValues {
  email: string;
  password: string;
  repeatPassword: string;
  privacyPolicy: boolean;
}

/** Registration succeeded but the automatic login after it did not. */
class AutoLoginError extends Error {
  constructor(cause: unknown) {
    super("automatic login failed", { cause });
    this.name = "AutoLoginError";
  }
}

/** /registration: creates the account, then signs in with the same credentials. */
export function RegistrationPage() {
  const { t, i18n } = useTranslation();
  const api = useApiClient();
  const session = useSessionStore();
  const { search } = useLocation();
  const language = currentLanguage(i18n);

  const { fieldProps, mutation, formErrors, onSubmit } = useServerForm({
    initialValues: {
      email: "",
      password: "",
      repeatPassword: "",
      privacyPolicy: false,
    },
    validate: {
      email: emailRule,
      password: passwordRule(),
      repeatPassword: repeatRule<RegistrationValues>("password"),
      privacyPolicy: checkedRule,
    },
    submit: async (values) => {
      const email = values.email.trim();
      // The repeat-password and privacy-policy values are not sent (docs/product.md "Pages and
      // menus").
      // An invitation link carries the inviter's code (docs/money.md "Referral").
      const referralCode = new URLSearchParams(search).get("ref")?.slice(0, 64) || undefined;
      await register(api, {
        username: email,
        email,
        password: values.password,
        language,
        ...(referralCode ? { referral_code: referralCode } : {}),
      });
      try {
        return await login(api, { email, password: values.password });
      } catch (error) {
        throw new AutoLoginError(error);
      }
    },
    fieldMap: { email: "email", username: "email", password: "password", language: "email" },
    onSuccess: (tokens) => session.set(tokens),
    handleError: (error, form) => {
      if (!(error instanceof AutoLoginError)) return false;
      const cause = error.cause;
      form.setFieldError(
        "password",
        isApiError(cause) && cause.status === 401
          ? "errors:invalid_credentials"
          : errorMessage(cause, t),
      );
      return true;
    },
  });

  const legalUrl = (page: string) => `${window.location.origin}/${language}/u/${page}/`;

  return (
    <>
      <AuthTitle title={t("auth:registration.title")} subtitle={t("auth:registration.subtitle")} />
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
            autoComplete="new-password"
            {...fieldProps("password")}
          />
          <PasswordInput
            label={t("auth:fields.repeatPassword")}
            autoComplete="new-password"
            {...fieldProps("repeatPassword")}
          />
          <Checkbox
            label={
              <Trans
                i18nKey="auth:registration.privacy"
                components={{
                  terms: (
                    <Anchor
                      href={legalUrl("terms_page")}
                      target="_blank"
                      rel="noopener noreferrer"
                      data-testid="terms-link"
                    />
                  ),
                  policy: (
                    <Anchor
                      href={legalUrl("privacy_policy_page")}
                      target="_blank"
                      rel="noopener noreferrer"
                      data-testid="privacy-policy-link"
                    />
                  ),
                }}
              />
            }
            {...fieldProps("privacyPolicy", { type: "checkbox" })}
          />
          <FormAlert messages={formErrors} />
          <Button
            type="submit"
            fullWidth
            loading={mutation.isPending}
            data-testid="registration-submit"
          >
            {t("auth:registration.submit")}
          </Button>
          <Button
            component={Link}
            to={`${paths.login()}${search}`}
            variant="light"
            fullWidth
            data-testid="to-login"
          >
            {t("auth:registration.toLogin")}
          </Button>
          <SocialSignIn
            redirectUrl={safeRedirect(new URLSearchParams(search).get(REDIRECT_PARAM))}
          />
        </Stack>
      </form>
    </>
  );
}
