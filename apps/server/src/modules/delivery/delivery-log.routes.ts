import { deliveryLogEndpoints as endpoints } from "@leadquiz/contract";
import { defineRoute } from "../../plugins/define-route";
import type { DeliveryRouteDeps, DeliveryRouteScope } from "./delivery-route-kit";

/**
 * What every integration shares whatever its target (`integration/{id}/…`) and the delivery
 * log of a quiz (`quiz/{id}/deliveries/`, `delivery/{id}/retry/`).
 */
export function deliveryLogRoutes(
  routes: DeliveryRouteScope,
  { integrations, log }: DeliveryRouteDeps,
) {
  defineRoute(routes, endpoints.setIntegrationEnabled, async (request) =>
    integrations.setEnabled(request.userId, request.params.id, request.body.is_enabled),
  );

  defineRoute(routes, endpoints.sendTestLead, async (request) =>
    integrations.sendTestLead(request.userId, request.params.id),
  );

  defineRoute(routes, endpoints.listQuizDeliveries, async (request) =>
    log.page(request.userId, request.params.id, request.query),
  );

  defineRoute(routes, endpoints.retryDelivery, async (request) =>
    log.retry(request.userId, request.params.id),
  );
}
