import type { OAuthProviderName } from "@leadquiz/contract";
import { Alert, Button, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { errorMessage } from "@/shared/api/error-message";
import { useApiClient } from "@/shared/api/services-context";
import { integrationQueries } from "../api/integration-queries";
import { oauthApi } from "../api/oauth-api";
import { IntegrationRow } from "./integration-row";
import { TargetCard } from "./target-card";

/**
 * A CRM connected by OAuth 2.0 (HubSpot, Salesforce, Zoho CRM): a button that opens the
 * provider's consent page, or the connection with its status and actions, and "authorise
 * again" when the provider stopped accepting our tokens. A provider this server has no app
 * for is shown as not set up, without a button.
 */
export function OAuthCard({ quizId, provider }: { quizId: number; provider: OAuthProviderName }) {
  const { t } = useTranslation();
  const api = useApiClient();
  const name = t(`integrations:targets.${provider}`);
  const targets = useQuery(integrationQueries.oauthTargets(api));
  const record = useQuery(integrationQueries.oauth(api, quizId, provider));
  const connect = useMutation({
    mutationFn: () => oauthApi.link(api, provider, quizId),
    onSuccess: (link) => window.location.assign(link),
    onError: (error) => notifications.show({ color: "red", message: errorMessage(error, t) }),
  });
  const connectButton = (label: string) => (
    <Button
      loading={connect.isPending}
      onClick={() => connect.mutate()}
      data-testid={`${provider}-connect`}
      style={{ alignSelf: "flex-start" }}
    >
      {label}
    </Button>
  );
  const setUp = targets.data?.[provider];
  return (
    <TargetCard description={t(`integrations:${provider}.description`)} testId={`${provider}-card`}>
      {record.data ? (
        <IntegrationRow
          quizId={quizId}
          target={provider}
          record={record.data}
          name={
            record.data.account
              ? t("integrations:oauth.connectedTo", { account: record.data.account })
              : t("integrations:oauth.connected")
          }
          remove={() => oauthApi.disconnect(api, provider, quizId)}
        >
          {record.data.disabled_reason === "reauthorise" && (
            <>
              <Text size="sm" c="red.9">
                {t("integrations:oauth.reauthoriseNeeded", { name })}
              </Text>
              {connectButton(t("integrations:oauth.reauthorise"))}
            </>
          )}
        </IntegrationRow>
      ) : setUp === false ? (
        <Text size="sm" data-testid={`${provider}-not-set-up`}>
          {t("integrations:oauth.notConfigured", { name })}
        </Text>
      ) : setUp ? (
        connectButton(t("integrations:oauth.connect", { name }))
      ) : null}
    </TargetCard>
  );
}

/**
 * The message of the provider's return (`?connected=hubspot`, `?oauth_error=hubspot`, plus
 * `&oauth_reason=browser` when the consent link was opened in another browser).
 */
export function OAuthReturnNotice() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const connected = params.get("connected");
  const failed = params.get("oauth_error");
  const provider = connected ?? failed;
  if (!provider || !["hubspot", "salesforce", "zoho"].includes(provider)) return null;
  const name = t(`integrations:targets.${provider}`);
  const close = () =>
    setParams(
      (current) => {
        current.delete("connected");
        current.delete("oauth_error");
        current.delete("oauth_reason");
        return current;
      },
      { replace: true },
    );
  return (
    <Alert
      color={connected ? "green" : "red"}
      withCloseButton
      onClose={close}
      closeButtonLabel={t("integrations:oauth.closeNotice")}
      data-testid="oauth-notice"
      role="status"
    >
      {connected
        ? t("integrations:oauth.connectedNotice", { name })
        : params.get("oauth_reason") === "browser"
          ? t("integrations:oauth.otherBrowserNotice", { name })
          : t("integrations:oauth.errorNotice", { name })}
    </Alert>
  );
}
