import { z } from "zod";
import {
  setEnabledSchema,
  webhookIntegrationCreateSchema,
  webhookIntegrationListSchema,
  webhookIntegrationSchema,
  webhookIntegrationUpdateSchema,
} from "../integrations";
import { idParamsSchema } from "../quiz-common";
import { deliveryAnswers as answers, deliveryTags as tags } from "./delivery-shared";
import { endpoint } from "./endpoint";

/** The operations of apps/server's webhook-targets.routes.ts (docs/api.md). */
export const webhookTargetsEndpoints = {
  createWebhookIntegration: endpoint({
    method: "POST",
    path: "/webhook-integration/",
    operationId: "createWebhookIntegration",
    tags,
    summary: "Connects a webhook to a quiz",
    description:
      "Every new lead of the quiz is POSTed to `url`, signed per Standard Webhooks with " +
      "`secret` (shown in full only here and on rotation). https only unless the server " +
      "allows private networks. `url` is a secret too (it often carries a token): kept " +
      "encrypted, answered masked (`https://****.zapier.com/****c1d2`) here and everywhere.",
    body: webhookIntegrationCreateSchema,
    responses: { 201: webhookIntegrationSchema, ...answers },
  }),
  listWebhookIntegrations: endpoint({
    method: "GET",
    path: "/webhook-integration/quiz/{id}/",
    operationId: "listWebhookIntegrations",
    tags,
    summary: "Lists a quiz's webhooks",
    description: "Secrets masked: `secret` and `url`.",
    params: idParamsSchema,
    responses: { 200: webhookIntegrationListSchema, ...answers },
  }),
  updateWebhookIntegration: endpoint({
    method: "PATCH",
    path: "/webhook-integration/{id}/",
    operationId: "updateWebhookIntegration",
    tags,
    summary: "Changes a webhook's URL or switches it on or off",
    description:
      "Without `url` the stored URL stays (send it only to replace it; the answer shows " +
      "it masked).",
    params: idParamsSchema,
    body: webhookIntegrationUpdateSchema,
    responses: { 200: webhookIntegrationSchema, ...answers },
  }),
  deleteWebhookIntegration: endpoint({
    method: "DELETE",
    path: "/webhook-integration/{id}/",
    operationId: "deleteWebhookIntegration",
    tags,
    summary: "Disconnects a webhook",
    description: "Its deliveries leave the log with it.",
    params: idParamsSchema,
    responses: { 204: z.void(), ...answers },
  }),
  rotateWebhookSecret: endpoint({
    method: "POST",
    path: "/webhook-integration/{id}/rotate_secret/",
    operationId: "rotateWebhookSecret",
    tags,
    summary: "Gives a webhook a new signing secret",
    description:
      "Answers the new secret in full. For 24 hours deliveries carry signatures with " +
      "both the new and the old secret.",
    params: idParamsSchema,
    responses: { 200: webhookIntegrationSchema, ...answers },
  }),
  setWebhooksEnabled: endpoint({
    method: "POST",
    path: "/webhook-integration/quiz/{id}/set_enabled/",
    operationId: "setWebhooksEnabled",
    tags,
    summary: "Switches every webhook of a quiz on or off",
    params: idParamsSchema,
    body: setEnabledSchema,
    responses: { 200: webhookIntegrationListSchema, ...answers },
  }),
} as const;
