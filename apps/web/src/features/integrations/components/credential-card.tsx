import { Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useApiClient } from "@/shared/api/services-context";
import { useServerForm } from "@/shared/forms/use-server-form";
import { requiredRule } from "@/shared/forms/validators";
import { type CredentialTargetName, integrationsApi, maskedSecret } from "../api/integrations-api";
import { integrationsKey, useRefreshIntegrations } from "../api/use-integration-actions";
import { IntegrationRow } from "./integration-row";
import { SubmitRow } from "./submit-row";
import { TargetCard } from "./target-card";

/** How a one-secret target is connected: its secret field and its optional id field. */
const targetFields: Record<
  CredentialTargetName,
  { secret: string; id: string; secretType: "url" | "password"; placeholder: string }
> = {
  bitrix24: {
    secret: "webhook_url",
    id: "responsible_id",
    secretType: "url",
    placeholder: "https://example.bitrix24.ua/rest/1/…/",
  },
  keycrm: { secret: "api_token", id: "source_id", secretType: "password", placeholder: "" },
};

/**
 * A CRM connected with one secret (Bitrix24's inbound webhook, KeyCRM's API key): the
 * connect form, or the connection with its status and actions.
 */
export function CredentialCard({
  quizId,
  target,
}: {
  quizId: number;
  target: CredentialTargetName;
}) {
  const { t } = useTranslation();
  const api = useApiClient();
  const refresh = useRefreshIntegrations(quizId);
  const fields = targetFields[target];
  const record = useQuery({
    queryKey: [...integrationsKey(quizId), target],
    queryFn: () => integrationsApi.credential(api, target, quizId),
  });
  const { fieldProps, mutation, formErrors, onSubmit } = useServerForm({
    initialValues: { secret: "", id: "" },
    validate: { secret: requiredRule },
    submit: (values) =>
      integrationsApi.createCredential(api, target, {
        quiz: quizId,
        [fields.secret]: values.secret.trim(),
        [fields.id]: values.id.trim() ? Number(values.id) : null,
      }),
    fieldMap: { [fields.secret]: "secret", [fields.id]: "id" },
    onSuccess: (_created, form) => {
      form.reset();
      notifications.show({ color: "green", message: t("integrations:connected") });
      void refresh();
    },
  });
  return (
    <TargetCard
      title={t(`integrations:${target}.title`)}
      description={t(`integrations:${target}.description`)}
      testId={`${target}-card`}
    >
      {record.data ? (
        <IntegrationRow
          quizId={quizId}
          record={record.data}
          name={t(`integrations:${target}.connectedAs`, { url: maskedSecret(record.data) })}
          remove={() => integrationsApi.deleteCredential(api, target, quizId)}
        />
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <Stack gap="xs">
            <TextInput
              label={t(`integrations:${target}.secret`)}
              type={fields.secretType}
              autoComplete="off"
              placeholder={fields.placeholder}
              {...fieldProps("secret")}
            />
            <TextInput
              label={t(`integrations:${target}.id`)}
              inputMode="numeric"
              {...fieldProps("id")}
            />
            <SubmitRow
              errors={formErrors}
              pending={mutation.isPending}
              label={t("integrations:actions.connect")}
            />
          </Stack>
        </form>
      )}
    </TargetCard>
  );
}
