import {
  type CredentialRecord,
  type CredentialTargetName,
  credentialTargetEndpoints,
  credentialTargetFields,
  credentialTargetNames,
  type DeliveryPage,
  type DeliveryStatusName,
  type EmailIntegration,
  endpoints,
  type TelegramIntegration,
  type TestLeadResult,
  type WebhookIntegration,
} from "@leadquiz/contract";
import type { ApiClient } from "@/shared/api/api-client";
import { ApiError } from "@/shared/api/api-error";

export type { CredentialRecord, CredentialTargetName };

/** The operations of a target connected with credentials (one record per quiz). */
const credentialCalls = Object.fromEntries(
  credentialTargetNames.map((target) => [target, credentialTargetEndpoints(target)]),
) as Record<CredentialTargetName, ReturnType<typeof credentialTargetEndpoints>>;

/** The masked main secret of a record (the webhook URL, the API key). */
export function maskedSecret(target: CredentialTargetName, record: CredentialRecord): string {
  const field = credentialTargetFields[target].find((f) => f.secret);
  return field ? String(record[field.name] ?? "") : "";
}

/** The calls of the integration tab (docs/api.md "Lead delivery"). */
export const integrationsApi = {
  webhooks: (api: ApiClient, quizId: number) =>
    api.call(endpoints.listWebhookIntegrations, { params: { id: quizId } }),
  createWebhook: (api: ApiClient, quiz: number, url: string): Promise<WebhookIntegration> =>
    api.call(endpoints.createWebhookIntegration, { body: { quiz, url } }),
  rotateSecret: (api: ApiClient, id: number): Promise<WebhookIntegration> =>
    api.call(endpoints.rotateWebhookSecret, { params: { id } }),
  deleteWebhook: (api: ApiClient, id: number) =>
    api.call(endpoints.deleteWebhookIntegration, { params: { id } }),

  emails: (api: ApiClient, quizId: number) =>
    api.call(endpoints.listEmailIntegrations, { params: { id: quizId } }),
  createEmail: (api: ApiClient, quiz: number, email: string): Promise<EmailIntegration> =>
    api.call(endpoints.createEmailIntegration, { body: { quiz, email } }),
  deleteEmail: (api: ApiClient, id: number) =>
    api.call(endpoints.deleteEmailIntegration, { params: { id } }),

  /** The quiz's connection of a one-secret target, or null when it has none (404). */
  async credential(
    api: ApiClient,
    target: CredentialTargetName,
    quizId: number,
  ): Promise<CredentialRecord | null> {
    try {
      return await api.call(credentialCalls[target].get, { params: { id: quizId } });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  createCredential: (
    api: ApiClient,
    target: CredentialTargetName,
    body: { quiz: number } & Record<string, unknown>,
  ): Promise<CredentialRecord> => api.call(credentialCalls[target].create, { body }),
  deleteCredential: (api: ApiClient, target: CredentialTargetName, quizId: number) =>
    api.call(credentialCalls[target].remove, { params: { id: quizId } }),

  setEnabled: (api: ApiClient, id: number, isEnabled: boolean) =>
    api.call(endpoints.setIntegrationEnabled, { params: { id }, body: { is_enabled: isEnabled } }),
  testLead: (api: ApiClient, id: number): Promise<TestLeadResult> =>
    api.call(endpoints.sendTestLead, { params: { id } }),

  deliveries: (
    api: ApiClient,
    quizId: number,
    filter: { status?: DeliveryStatusName | undefined; cursor?: string | undefined },
  ): Promise<DeliveryPage> =>
    api.call(endpoints.listQuizDeliveries, {
      params: { id: quizId },
      query: { status: filter.status, cursor: filter.cursor, limit: 20 },
    }),
  retry: (api: ApiClient, id: number) => api.call(endpoints.retryDelivery, { params: { id } }),

  /**
   * The quiz's Telegram connection; while there is none, the bot's one-time start link
   * (a 404 with `connect_url`), or "unavailable" when the server has no bot.
   */
  async telegram(api: ApiClient, quizId: number): Promise<TelegramState> {
    try {
      const record = await api.call(endpoints.getTelegramIntegration, { params: { id: quizId } });
      return { kind: "connected", record };
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 404) throw error;
      const body = error.body as { connect_url?: unknown } | null;
      return typeof body?.connect_url === "string"
        ? { kind: "connect", url: body.connect_url }
        : { kind: "unavailable" };
    }
  },
  connectTelegram: (api: ApiClient, quiz: number): Promise<TelegramIntegration> =>
    api.call(endpoints.createTelegramIntegration, { body: { quiz } }),
  deleteTelegram: (api: ApiClient, quizId: number) =>
    api.call(endpoints.deleteTelegramIntegration, { params: { id: quizId } }),
};

export type TelegramState =
  | { kind: "connected"; record: TelegramIntegration }
  | { kind: "connect"; url: string }
  | { kind: "unavailable" };
