import {
  apiPaths,
  type Bitrix24Integration,
  type Bitrix24IntegrationCreate,
  bitrix24IntegrationSchema,
  type DeliveryPage,
  type DeliveryStatusName,
  deliveryPageSchema,
  deliverySchema,
  type EmailIntegration,
  emailIntegrationListSchema,
  emailIntegrationSchema,
  type TestLeadResult,
  testLeadResultSchema,
  type WebhookIntegration,
  webhookIntegrationListSchema,
  webhookIntegrationSchema,
} from "@leadquiz/contract";
import type { ApiClient } from "@/shared/api/api-client";
import { ApiError } from "@/shared/api/api-error";

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

  /** The quiz's Bitrix24 connection, or null when it has none (the API answers 404). */
  async bitrix24(api: ApiClient, quizId: number): Promise<Bitrix24Integration | null> {
    try {
      return await api.get(apiPaths.bitrix24OfQuiz(quizId), bitrix24IntegrationSchema);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
  createBitrix24: (api: ApiClient, body: Bitrix24IntegrationCreate) =>
    api.post(apiPaths.bitrix24, body, { schema: bitrix24IntegrationSchema }),
  deleteBitrix24: (api: ApiClient, quizId: number) =>
    api.request(apiPaths.bitrix24OfQuiz(quizId), { method: "DELETE" }),

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
};
