import { webhookTargetsEndpoints as endpoints } from "@leadquiz/contract";
import { defineRoute } from "../../plugins/define-route";
import type { DeliveryRouteDeps, DeliveryRouteScope } from "./delivery-route-kit";

/**
 * The routes of the targets connected as webhooks (`webhook-integration/`, operations
 * `createWebhookIntegration`, …): several per quiz, each with its signing secret.
 */
export function webhookTargetRoutes(
  routes: DeliveryRouteScope,
  { integrations }: DeliveryRouteDeps,
) {
  defineRoute(routes, endpoints.createWebhookIntegration, async (request, reply) =>
    reply.status(201).send(await integrations.createWebhook(request.userId, request.body)),
  );

  defineRoute(routes, endpoints.listWebhookIntegrations, async (request) =>
    integrations.listWebhooks(request.userId, request.params.id),
  );

  defineRoute(routes, endpoints.updateWebhookIntegration, async (request) =>
    integrations.updateWebhook(request.userId, request.params.id, request.body),
  );

  defineRoute(routes, endpoints.deleteWebhookIntegration, async (request, reply) => {
    await integrations.remove(request.userId, request.params.id, "webhook");
    return reply.status(204).send();
  });

  defineRoute(routes, endpoints.rotateWebhookSecret, async (request) =>
    integrations.rotateWebhookSecret(request.userId, request.params.id),
  );

  defineRoute(routes, endpoints.setWebhooksEnabled, async (request) =>
    integrations.setWebhooksEnabled(request.userId, request.params.id, request.body.is_enabled),
  );
}
