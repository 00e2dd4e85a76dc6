import { Stack, Text, TextInput } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useApiClient } from "@/shared/api/services-context";
import { useServerForm } from "@/shared/forms/use-server-form";
import { emailRule } from "@/shared/forms/validators";
import { integrationQueries } from "../api/integration-queries";
import { integrationsApi } from "../api/integrations-api";
import { useRefreshIntegrations } from "../api/use-integration-actions";
import { IntegrationRow } from "./integration-row";
import { SubmitRow } from "./submit-row";
import { TargetCard } from "./target-card";

/** Addresses the quiz's leads are e-mailed to. */
export function EmailCard({ quizId }: { quizId: number }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const refresh = useRefreshIntegrations(quizId);
  const list = useQuery(integrationQueries.emails(api, quizId));
  const { fieldProps, mutation, formErrors, onSubmit } = useServerForm({
    initialValues: { email: "" },
    validate: { email: emailRule },
    submit: (values) => integrationsApi.createEmail(api, quizId, values.email.trim()),
    fieldMap: { email: "email" },
    onSuccess: (_created, form) => {
      form.reset();
      void refresh();
    },
  });
  return (
    <TargetCard description={t("integrations:email.description")} testId="email-card">
      {list.data?.length === 0 && <Text size="sm">{t("integrations:email.empty")}</Text>}
      {list.data?.map((address) => (
        <IntegrationRow
          key={address.id}
          quizId={quizId}
          target="email"
          record={address}
          name={address.email}
          remove={() => integrationsApi.deleteEmail(api, address.id)}
        />
      ))}
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="xs">
          <TextInput
            label={t("integrations:email.address")}
            type="email"
            autoComplete="email"
            {...fieldProps("email")}
            data-testid="email-address"
          />
          <SubmitRow
            errors={formErrors}
            pending={mutation.isPending}
            label={t("integrations:actions.add")}
            testId="email-add"
          />
        </Stack>
      </form>
    </TargetCard>
  );
}
