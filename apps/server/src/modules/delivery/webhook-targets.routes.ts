import {
  apiPaths,
  idParamsSchema,
  setEnabledSchema,
  webhookIntegrationCreateSchema,
  webhookIntegrationListSchema,
  webhookIntegrationSchema,
  webhookIntegrationUpdateSchema,
} from "@leadquiz/contract";
import { z } from "zod";
import {
  deliveryAnswers as answers,
  type DeliveryRouteDeps,
  type DeliveryRouteScope,
  deliveryTags as tags,
} from "./delivery-route-kit";

/**
 * The routes of the targets connected as webhooks (`webhook-integration/`, operations
 * `createWebhookIntegration`, …): several per quiz, each with its signing secret.
 */
export function webhookTargetRoutes(
  routes: DeliveryRouteScope,
  { integrations }: DeliveryRouteDeps,
) {
  routes.post(
    apiPaths.webhookIntegrations,
    {
      schema: {
        tags,
        summary: "Connects a webhook to a quiz",
        description:
          "Every new lead of the quiz is POSTed to `url`, signed per Standard Webhooks with " +
          "`secret` (shown in full only here and on rotation). https only unless the server " +
          "allows private networks. `url` is a secret too (it often carries a token): kept " +
          "encrypted, answered masked (`https://****.zapier.com/****c1d2`) here and everywhere.",
        body: webhookIntegrationCreateSchema,
        response: { 201: webhookIntegrationSchema, ...answers },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await integrations.createWebhook(request.userId, request.body)),
  );

  routes.get(
    apiPaths.webhookIntegrationsOfQuiz(":id"),
    {
      schema: {
        tags,
        summary: "Lists a quiz's webhooks",
        description: "Secrets masked: `secret` and `url`.",
        params: idParamsSchema,
        response: { 200: webhookIntegrationListSchema, ...answers },
      },
    },
    async (request) => integrations.listWebhooks(request.userId, request.params.id),
  );

  routes.patch(
    apiPaths.webhookIntegrationById(":id"),
    {
      schema: {
        tags,
        summary: "Changes a webhook's URL or switches it on or off",
        description:
          "Without `url` the stored URL stays (send it only to replace it; the answer shows " +
          "it masked).",
        params: idParamsSchema,
        body: webhookIntegrationUpdateSchema,
        response: { 200: webhookIntegrationSchema, ...answers },
      },
    },
    async (request) => integrations.updateWebhook(request.userId, request.params.id, request.body),
  );

  routes.delete(
    apiPaths.webhookIntegrationById(":id"),
    {
      schema: {
        tags,
        summary: "Disconnects a webhook",
        description: "Its deliveries leave the log with it.",
        params: idParamsSchema,
        response: { 204: z.void(), ...answers },
      },
    },
    async (request, reply) => {
      await integrations.remove(request.userId, request.params.id, "webhook");
      return reply.status(204).send();
    },
  );

  routes.post(
    apiPaths.webhookIntegrationRotateSecret(":id"),
    {
      schema: {
        tags,
        summary: "Gives a webhook a new signing secret",
        description:
          "Answers the new secret in full. For 24 hours deliveries carry signatures with " +
          "both the new and the old secret.",
        params: idParamsSchema,
        response: { 200: webhookIntegrationSchema, ...answers },
      },
    },
    async (request) => integrations.rotateWebhookSecret(request.userId, request.params.id),
  );

  routes.post(
    apiPaths.webhookIntegrationsSetEnabled(":id"),
    {
      schema: {
        tags,
        summary: "Switches every webhook of a quiz on or off",
        params: idParamsSchema,
        body: setEnabledSchema,
        response: { 200: webhookIntegrationListSchema, ...answers },
      },
    },
    async (request) =>
      integrations.setWebhooksEnabled(request.userId, request.params.id, request.body.is_enabled),
  );
}
