import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useApiClient } from "@/shared/api/services-context";
import { useServerForm } from "@/shared/forms/use-server-form";
import { checkedRule, emailRule, passwordRule, repeatRule } from "@/shared/forms/validators";
import { currentLanguage } from "@/shared/i18n/i18n";
import { paths, REDIRECT_PARAM, safeRedirect } from "@/shared/routing/paths";
import { FormAlert } from "@/shared/ui/form-alert";
import { register } from "../api/auth-api";
import { AuthTitle } from "../components/auth-title";
import { SocialSignIn } from "../components/social-sign-in";

interface RegistrationValues {
  email: string;
  password: string;
  repeatPassword: string;
  privacyPolicy: boolean;
}

/**
 * /registration: sends the registration, then says to check the e-mail. The account is made,
 * and the owner signed in, by the link mailed to the address (/complete-registration/…);
 * the server answers alike whether or not the address has an account (docs/product.md
 * "Registration").
 */
export function RegistrationPage() {
  const { t, i18n } = useTranslation();
  const api = useApiClient();
  const { search } = useLocation();
  const language = currentLanguage(i18n);
  const [sentTo, setSentTo] = useState<string | null>(null);

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
      return email;
    },
    fieldMap: { email: "email", username: "email", password: "password", language: "email" },
    onSuccess: (email) => setSentTo(email),
  });

  const legalUrl = (page: string) => `${window.location.origin}/${language}/u/${page}/`;

  if (sentTo !== null) {
    return (
      <>
        <AuthTitle title={t("auth:registration.sentTitle")} />
        <Stack gap="md">
          <Alert color="green" variant="light" role="status" data-testid="registration-sent">
            {t("auth:registration.sent", { email: sentTo })}
          </Alert>
          <Text size="sm" c="dimmed">
            {t("auth:registration.sentHint")}
          </Text>
          <Button component={Link} to={`${paths.login()}${search}`} variant="light" fullWidth>
            {t("auth:forgotPassword.backToLogin")}
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={() => setSentTo(null)}>
            {t("auth:registration.registerAgain")}
          </Anchor>
        </Stack>
      </>
    );
  }

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
