import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { createDeliveryLogService } from "./delivery-log.service";
import type { createIntegrationsService } from "./integrations.service";

/** What the routes of every kind of target share: the contract's (docs/api.md "Lead delivery"). */
export { deliveryAnswers, deliveryTags } from "@leadquiz/contract";

const typed = (scope: FastifyInstance) => scope.withTypeProvider<ZodTypeProvider>();
/** The signed-in scope the routes of one kind of target are registered in. */
export type DeliveryRouteScope = ReturnType<typeof typed>;

export interface DeliveryRouteDeps {
  integrations: ReturnType<typeof createIntegrationsService>;
  log: ReturnType<typeof createDeliveryLogService>;
}
