import { Alert, Button, Stack, Text, Title } from "@mantine/core";
import { useDocumentTitle } from "@mantine/hooks";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/shared/api/error-message";
import { useCurrentUser } from "@/shared/api/user-queries";
import { PageLoader } from "@/shared/ui/page-loader";
import { Section } from "@/shared/ui/section";
import { ApiKeysSection } from "../components/api-keys-section";
import { EmailForm } from "../components/email-form";
import { LanguageSetting } from "../components/language-setting";
import { PasswordForm } from "../components/password-form";
import { ProfileForm } from "../components/profile-form";
import { SessionsSection } from "../components/sessions-section";

/**
 * /settings: profile, e-mail, password, sessions, interface language, tariff, API keys.
 * `tariff` is the tariffs feature's summary, put in by the route (app/routes.tsx).
 */
export function SettingsPage({ tariff }: { tariff: ReactNode }) {
  const { t } = useTranslation();
  const { data: user, error, isPending, refetch } = useCurrentUser();
  useDocumentTitle(`${t("settings:title")} · Leadquiz`);

  if (isPending) return <PageLoader />;
  if (!user) {
    return (
      <Alert color="red" variant="light" role="alert" title={t("settings:loadFailed")}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{errorMessage(error, t)}</Text>
          <Button size="xs" variant="light" onClick={() => void refetch()}>
            {t("common:actions.retry")}
          </Button>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="lg" maw={720}>
      <Title order={2}>{t("settings:title")}</Title>
      <Section title={t("settings:profile.title")} testId="settings-profile">
        <ProfileForm key={user.id} user={user} />
      </Section>
      <Section title={t("settings:email.title")} testId="settings-email">
        <EmailForm key={user.email} user={user} />
      </Section>
      <Section title={t("settings:password.title")} testId="settings-password">
        <PasswordForm />
      </Section>
      <Section title={t("settings:sessions.title")} testId="settings-sessions">
        <SessionsSection />
      </Section>
      <Section title={t("settings:language.title")} testId="settings-language-section">
        <LanguageSetting />
      </Section>
      <Section title={t("settings:tariff.title")} testId="settings-tariff">
        {tariff}
      </Section>
      <Section title={t("settings:apiKeys.title")} testId="settings-api-keys">
        <ApiKeysSection />
      </Section>
    </Stack>
  );
}
