import { type CredentialField, credentialTargetFields } from "@leadquiz/contract";
import { Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useApiClient } from "@/shared/api/services-context";
import { useServerForm } from "@/shared/forms/use-server-form";
import { requiredRule } from "@/shared/forms/validators";
import { integrationQueries } from "../api/integration-queries";
import { type CredentialTargetName, integrationsApi, maskedSecret } from "../api/integrations-api";
import { useRefreshIntegrations } from "../api/use-integration-actions";
import { IntegrationRow } from "./integration-row";
import { SubmitRow } from "./submit-row";
import { TargetCard } from "./target-card";

/** Examples of a value's form (not texts to translate): what a field's input shows empty. */
const PLACEHOLDERS: Record<string, string> = {
  "bitrix24.webhook_url": "https://example.bitrix24.ua/rest/1/…/",
  "salesdrive.subdomain": "acme",
  "mailchimp.api_key": "…-us21",
  "getresponse.enterprise_domain": "example.com",
  "getresponse.enterprise_region": "com",
};

/** A value as the API takes it: integers as numbers, an empty optional field as null. */
function bodyValue(field: CredentialField, text: string): string | number | null {
  const value = text.trim();
  if (!field.integer) return value;
  return value ? Number(value) : null;
}

/**
 * A target connected with credentials (Bitrix24's inbound webhook, an API key with a list,
 * SendPulse's id and secret): the connect form built from the target's fields
 * (`credentialTargetFields` of the contract), or the connection with its status and actions.
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
  const fields: readonly CredentialField[] = credentialTargetFields[target];
  const record = useQuery(integrationQueries.credential(api, quizId, target));
  const names = fields.map((field) => field.name);
  const { fieldProps, mutation, formErrors, onSubmit } = useServerForm<
    Record<string, string>,
    unknown
  >({
    initialValues: Object.fromEntries(names.map((name) => [name, ""])),
    validate: Object.fromEntries(
      fields.filter((field) => field.required).map((field) => [field.name, requiredRule]),
    ),
    submit: (values) =>
      integrationsApi.createCredential(api, target, {
        quiz: quizId,
        ...Object.fromEntries(
          fields.map((field) => [field.name, bodyValue(field, values[field.name] ?? "")]),
        ),
      }),
    fieldMap: Object.fromEntries(names.map((name) => [name, name])),
    onSuccess: (_created, form) => {
      form.reset();
      notifications.show({ color: "green", message: t("integrations:connected") });
      void refresh();
    },
  });
  return (
    <TargetCard description={t(`integrations:${target}.description`)} testId={`${target}-card`}>
      {record.data ? (
        <IntegrationRow
          quizId={quizId}
          target={target}
          record={record.data}
          name={t(`integrations:${target}.connectedAs`, {
            url: maskedSecret(target, record.data),
          })}
          remove={() => integrationsApi.deleteCredential(api, target, quizId)}
        />
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <Stack gap="xs">
            {fields.map((field) => (
              <TextInput
                key={field.name}
                label={t(`integrations:${target}.fields.${field.name}`)}
                type={field.url ? "url" : field.secret ? "password" : "text"}
                autoComplete="off"
                placeholder={PLACEHOLDERS[`${target}.${field.name}`]}
                {...(field.integer ? { inputMode: "numeric" as const } : {})}
                {...fieldProps(field.name)}
              />
            ))}
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
