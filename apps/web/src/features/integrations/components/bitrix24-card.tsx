import { Button, Group, Stack, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useApiClient } from "@/shared/api/services-context";
import { useServerForm } from "@/shared/forms/use-server-form";
import { requiredRule } from "@/shared/forms/validators";
import { FormAlert } from "@/shared/ui/form-alert";
import { integrationsApi } from "../api/integrations-api";
import { integrationsKey, useRefreshIntegrations } from "../api/use-integration-actions";
import { IntegrationRow } from "./integration-row";
import { TargetCard } from "./target-card";

/** The quiz's Bitrix24 portal: connect with an inbound webhook, or the connection. */
export function Bitrix24Card({ quizId }: { quizId: number }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const refresh = useRefreshIntegrations(quizId);
  const record = useQuery({
    queryKey: [...integrationsKey(quizId), "bitrix24"],
    queryFn: () => integrationsApi.bitrix24(api, quizId),
  });
  const { fieldProps, mutation, formErrors, onSubmit } = useServerForm({
    initialValues: { webhook_url: "", responsible_id: "" },
    validate: { webhook_url: requiredRule },
    submit: (values) =>
      integrationsApi.createBitrix24(api, {
        quiz: quizId,
        webhook_url: values.webhook_url.trim(),
        responsible_id: values.responsible_id ? Number(values.responsible_id) : null,
      }),
    fieldMap: { webhook_url: "webhook_url", responsible_id: "responsible_id" },
    onSuccess: (_created, form) => {
      form.reset();
      notifications.show({ color: "green", message: t("integrations:connected") });
      void refresh();
    },
  });
  return (
    <TargetCard
      title={t("integrations:bitrix24.title")}
      description={t("integrations:bitrix24.description")}
      testId="bitrix24-card"
    >
      {record.data ? (
        <IntegrationRow
          quizId={quizId}
          record={record.data}
          name={t("integrations:bitrix24.connectedAs", { url: record.data.webhook_url })}
          remove={() => integrationsApi.deleteBitrix24(api, quizId)}
        />
      ) : (
        <form noValidate onSubmit={onSubmit}>
          <Stack gap="xs">
            <TextInput
              label={t("integrations:bitrix24.webhookUrl")}
              type="url"
              placeholder="https://example.bitrix24.ua/rest/1/…/"
              {...fieldProps("webhook_url")}
            />
            <TextInput
              label={t("integrations:bitrix24.responsible")}
              inputMode="numeric"
              {...fieldProps("responsible_id")}
            />
            <FormAlert messages={formErrors} />
            <Group justify="flex-end">
              <Button type="submit" loading={mutation.isPending}>
                {t("integrations:actions.connect")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </TargetCard>
  );
}
