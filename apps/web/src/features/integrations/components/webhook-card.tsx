import type { WebhookIntegration } from "@leadquiz/contract";
import { Alert, Button, Code, Group, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useApiClient } from "@/shared/api/services-context";
import { useServerForm } from "@/shared/forms/use-server-form";
import { requiredRule } from "@/shared/forms/validators";
import { CopyTextButton } from "@/shared/ui/copy-text-button";
import { integrationQueries } from "../api/integration-queries";
import { integrationsApi } from "../api/integrations-api";
import { useRefreshIntegrations } from "../api/use-integration-actions";
import { IntegrationRow } from "./integration-row";
import { SubmitRow } from "./submit-row";
import { TargetCard } from "./target-card";

/** Webhooks of the quiz: several, each signed; the secret is shown once after creating. */
export function WebhookCard({ quizId }: { quizId: number }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const refresh = useRefreshIntegrations(quizId);
  const [secret, setSecret] = useState<WebhookIntegration | null>(null);
  const list = useQuery(integrationQueries.webhooks(api, quizId));
  const { fieldProps, mutation, formErrors, onSubmit } = useServerForm({
    initialValues: { url: "" },
    validate: { url: requiredRule },
    submit: (values) => integrationsApi.createWebhook(api, quizId, values.url.trim()),
    fieldMap: { url: "url" },
    onSuccess: (created, form) => {
      form.reset();
      setSecret(created);
      notifications.show({ color: "green", message: t("integrations:connected") });
      void refresh();
    },
  });
  const rotate = async (id: number) => setSecret(await integrationsApi.rotateSecret(api, id));

  return (
    <TargetCard description={t("integrations:webhook.description")} testId="webhook-card">
      {secret && (
        <Alert color="blue" title={t("integrations:webhook.secret")} data-testid="webhook-secret">
          <Stack gap="xs">
            <Text size="sm">{t("integrations:webhook.secretHint")}</Text>
            <Code block style={{ wordBreak: "break-all" }}>
              {secret.secret}
            </Code>
            <Group>
              <CopyTextButton text={secret.secret} label={t("integrations:webhook.copy")} />
            </Group>
          </Stack>
        </Alert>
      )}
      {list.data?.length === 0 && <Text size="sm">{t("integrations:webhook.empty")}</Text>}
      {list.data?.map((hook) => (
        <IntegrationRow
          key={hook.id}
          quizId={quizId}
          target="webhook"
          record={hook}
          name={hook.url}
          remove={() => integrationsApi.deleteWebhook(api, hook.id)}
        >
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t("integrations:webhook.secret")}: {hook.secret}
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={() => void rotate(hook.id)}>
              {t("integrations:webhook.rotate")}
            </Button>
          </Group>
        </IntegrationRow>
      ))}
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="xs">
          <TextInput
            label={t("integrations:webhook.url")}
            type="url"
            placeholder="https://hooks.zapier.com/…"
            {...fieldProps("url")}
            data-testid="webhook-url"
          />
          <SubmitRow
            errors={formErrors}
            pending={mutation.isPending}
            label={t("integrations:actions.connect")}
            testId="webhook-add"
          />
        </Stack>
      </form>
    </TargetCard>
  );
}
