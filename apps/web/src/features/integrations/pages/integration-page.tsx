import { Container, Stack, Text, Title } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { parseQuizId } from "../../quiz-shell/api/quiz-queries";
import { CredentialCard } from "../components/credential-card";
import { DeliveryLog } from "../components/delivery-log";
import { EmailCard } from "../components/email-card";
import { OAuthCard, OAuthReturnNotice } from "../components/oauth-card";
import { TelegramCard } from "../components/telegram-card";
import { WebhookCard } from "../components/webhook-card";

/** The editor's integration tab (`/quiz/{id}/integration`): targets and the delivery log. */
export function IntegrationPage() {
  const { t } = useTranslation();
  const { quizId } = useParams();
  const id = parseQuizId(quizId);
  if (id === null) return null;
  return (
    <Container size="md" py="lg" px="sm">
      <Stack gap="lg">
        <Title order={2}>{t("integrations:title")}</Title>
        <Text c="dimmed">{t("integrations:intro")}</Text>
        <OAuthReturnNotice />
        <EmailCard quizId={id} />
        <WebhookCard quizId={id} />
        <CredentialCard quizId={id} target="bitrix24" />
        <CredentialCard quizId={id} target="keycrm" />
        <TelegramCard quizId={id} />
        <CredentialCard quizId={id} target="pipedrive" />
        <CredentialCard quizId={id} target="salesdrive" />
        <CredentialCard quizId={id} target="getresponse" />
        <CredentialCard quizId={id} target="mailchimp" />
        <CredentialCard quizId={id} target="sendpulse" />
        <OAuthCard quizId={id} provider="hubspot" />
        <OAuthCard quizId={id} provider="salesforce" />
        <OAuthCard quizId={id} provider="zoho" />
        <DeliveryLog quizId={id} />
      </Stack>
    </Container>
  );
}
