import { credentialTargetNames, oauthProviders } from "@leadquiz/contract";
import { useQueries } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useApiClient } from "@/shared/api/services-context";
import { inCatalogOrder, type TargetName } from "../catalog";
import type { IntegrationRecord } from "../components/integration-row";
import { integrationQueries } from "./integration-queries";
import { integrationsApi, maskedSecret } from "./integrations-api";
import { oauthApi } from "./oauth-api";

/** One connected record of the quiz, as the list at the top of the tab shows it. */
export interface Connection {
  target: TargetName;
  record: IntegrationRecord;
  /** What it sends to: an address, a masked key, a chat. */
  detail: string;
  /** A warning the owner must act on in the target's panel (authorise again). */
  warning?: string;
  remove: () => Promise<unknown>;
}

/**
 * Every connection of the quiz, across the targets, in the gallery's order; `loading` while
 * any target has not answered yet.
 */
export function useConnections(quizId: number): { connections: Connection[]; loading: boolean } {
  const { t } = useTranslation();
  const api = useApiClient();
  const [emails, webhooks, telegram] = useQueries({
    queries: [
      integrationQueries.emails(api, quizId),
      integrationQueries.webhooks(api, quizId),
      integrationQueries.telegram(api, quizId),
    ],
  });
  const credentials = useQueries({
    queries: credentialTargetNames.map((target) =>
      integrationQueries.credential(api, quizId, target),
    ),
  });
  const oauth = useQueries({
    queries: oauthProviders.map((provider) => integrationQueries.oauth(api, quizId, provider)),
  });
  const connections: Connection[] = [];
  for (const address of emails?.data ?? []) {
    connections.push({
      target: "email",
      record: address,
      detail: address.email,
      remove: () => integrationsApi.deleteEmail(api, address.id),
    });
  }
  for (const hook of webhooks?.data ?? []) {
    connections.push({
      target: "webhook",
      record: hook,
      detail: hook.url,
      remove: () => integrationsApi.deleteWebhook(api, hook.id),
    });
  }
  if (telegram?.data?.kind === "connected") {
    const record = telegram.data.record;
    connections.push({
      target: "telegram",
      record,
      detail: t("integrations:telegram.connectedAs", { chat: record.chat_title || record.chat_id }),
      remove: () => integrationsApi.deleteTelegram(api, quizId),
    });
  }
  credentialTargetNames.forEach((target, index) => {
    const record = credentials[index]?.data;
    if (!record) return;
    connections.push({
      target,
      record,
      detail: t(`integrations:${target}.connectedAs`, { url: maskedSecret(target, record) }),
      remove: () => integrationsApi.deleteCredential(api, target, quizId),
    });
  });
  oauthProviders.forEach((provider, index) => {
    const record = oauth[index]?.data;
    if (!record) return;
    const name = t(`integrations:targets.${provider}`);
    connections.push({
      target: provider,
      record,
      detail: record.account
        ? t("integrations:oauth.connectedTo", { account: record.account })
        : t("integrations:oauth.connected"),
      ...(record.disabled_reason === "reauthorise"
        ? { warning: t("integrations:oauth.reauthoriseNeeded", { name }) }
        : {}),
      remove: () => oauthApi.disconnect(api, provider, quizId),
    });
  });
  const loading = [emails, webhooks, telegram, ...credentials, ...oauth].some(
    (query) => query?.isPending,
  );
  return { connections: inCatalogOrder(connections), loading };
}
