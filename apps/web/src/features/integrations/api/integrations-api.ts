import {
  apiPaths,
  type CredentialRecord,
  type CredentialTargetName,
  credentialTargetFields,
  credentialTargetSchemas,
  type DeliveryPage,
  type DeliveryStatusName,
  deliveryPageSchema,
  deliverySchema,
  type EmailIntegration,
  emailIntegrationListSchema,
  emailIntegrationSchema,
  type TelegramIntegration,
  type TestLeadResult,
  telegramIntegrationSchema,
  testLeadResultSchema,
  type WebhookIntegration,
  webhookIntegrationListSchema,
  webhookIntegrationSchema,
} from "@leadquiz/contract";
import type { ApiClient } from "@/shared/api/api-client";
import { ApiError } from "@/shared/api/api-error";

export type { CredentialRecord, CredentialTargetName };

/** The paths of a target connected with credentials (one record per quiz). */
const credentialPaths = (target: CredentialTargetName) => ({
  create: apiPaths[target],
  ofQuiz: apiPaths[`${target}OfQuiz`],
});
const answerSchema = (target: CredentialTargetName) => credentialTargetSchemas[target].answer;

/** The masked main secret of a record (the webhook URL, the API key). */
export function maskedSecret(target: CredentialTargetName, record: CredentialRecord): string {
  const field = credentialTargetFields[target].find((f) => f.secret);
  return field ? String(record[field.name] ?? "") : "";
}

/** The calls of the integration tab (docs/api.md "Lead delivery"). */
export const integrationsApi = {
  webhooks: (api: ApiClient, quizId: number) =>
    api.get(apiPaths.webhookIntegrationsOfQuiz(quizId), webhookIntegrationListSchema),
  createWebhook: (api: ApiClient, quiz: number, url: string): Promise<WebhookIntegration> =>
    api.post(apiPaths.webhookIntegrations, { quiz, url }, { schema: webhookIntegrationSchema }),
  rotateSecret: (api: ApiClient, id: number): Promise<WebhookIntegration> =>
    api.post(apiPaths.webhookIntegrationRotateSecret(id), undefined, {
      schema: webhookIntegrationSchema,
    }),
  deleteWebhook: (api: ApiClient, id: number) =>
    api.request(apiPaths.webhookIntegrationById(id), { method: "DELETE" }),

  emails: (api: ApiClient, quizId: number) =>
    api.get(apiPaths.emailIntegrationList(quizId), emailIntegrationListSchema),
  createEmail: (api: ApiClient, quiz: number, email: string): Promise<EmailIntegration> =>
    api.post(apiPaths.emailIntegrationCreate, { quiz, email }, { schema: emailIntegrationSchema }),
  deleteEmail: (api: ApiClient, id: number) =>
    api.request(apiPaths.emailIntegrationDelete(id), { method: "DELETE" }),

  /** The quiz's connection of a one-secret target, or null when it has none (404). */
  async credential(
    api: ApiClient,
    target: CredentialTargetName,
    quizId: number,
  ): Promise<CredentialRecord | null> {
    try {
      return await api.get<CredentialRecord>(
        credentialPaths(target).ofQuiz(quizId),
        answerSchema(target),
      );
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  createCredential: (
    api: ApiClient,
    target: CredentialTargetName,
    body: Record<string, unknown>,
  ): Promise<CredentialRecord> =>
    api.post<CredentialRecord>(credentialPaths(target).create, body, {
      schema: answerSchema(target),
    }),
  deleteCredential: (api: ApiClient, target: CredentialTargetName, quizId: number) =>
    api.request(credentialPaths(target).ofQuiz(quizId), { method: "DELETE" }),

  setEnabled: (api: ApiClient, id: number, isEnabled: boolean) =>
    api.post(apiPaths.integrationSetEnabled(id), { is_enabled: isEnabled }),
  testLead: (api: ApiClient, id: number): Promise<TestLeadResult> =>
    api.post(apiPaths.integrationTestLead(id), undefined, { schema: testLeadResultSchema }),

  deliveries: (
    api: ApiClient,
    quizId: number,
    filter: { status?: DeliveryStatusName | undefined; cursor?: string | undefined },
  ): Promise<DeliveryPage> =>
    api.get(apiPaths.quizDeliveries(quizId), deliveryPageSchema, {
      query: { status: filter.status, cursor: filter.cursor, limit: 20 },
    }),
  retry: (api: ApiClient, id: number) =>
    api.post(apiPaths.deliveryRetry(id), undefined, { schema: deliverySchema }),

  /**
   * The quiz's Telegram connection; while there is none, the bot's one-time start link
   * (a 404 with `connect_url`), or "unavailable" when the server has no bot.
   */
  async telegram(api: ApiClient, quizId: number): Promise<TelegramState> {
    try {
      const record = await api.get(
        apiPaths.telegramIntegrationOfQuiz(quizId),
        telegramIntegrationSchema,
      );
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
    api.post(apiPaths.telegramIntegration, { quiz }, { schema: telegramIntegrationSchema }),
  deleteTelegram: (api: ApiClient, quizId: number) =>
    api.request(apiPaths.telegramIntegrationOfQuiz(quizId), { method: "DELETE" }),
};

export type TelegramState =
  | { kind: "connected"; record: TelegramIntegration }
  | { kind: "connect"; url: string }
  | { kind: "unavailable" };
