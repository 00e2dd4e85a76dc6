import { emailTargetsEndpoints as endpoints } from "@leadquiz/contract";
import { defineRoute } from "../../plugins/define-route";
import type { DeliveryRouteDeps, DeliveryRouteScope } from "./delivery-route-kit";

/**
 * The routes of the targets connected as e-mail addresses (`integration/email/…`, operations
 * `createEmailIntegration`, …): several addresses per quiz.
 */
export function emailTargetRoutes(routes: DeliveryRouteScope, { integrations }: DeliveryRouteDeps) {
  defineRoute(routes, endpoints.listEmailIntegrations, async (request) =>
    integrations.listEmails(request.userId, request.params.id),
  );

  defineRoute(routes, endpoints.createEmailIntegration, async (request, reply) =>
    reply.status(201).send(await integrations.createEmail(request.userId, request.body)),
  );

  defineRoute(routes, endpoints.deleteEmailIntegration, async (request, reply) => {
    await integrations.remove(request.userId, request.params.id, "email");
    return reply.status(204).send();
  });
}
