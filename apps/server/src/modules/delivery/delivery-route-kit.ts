import { errorBodySchema, validationErrorBodySchema } from "@leadquiz/contract";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { createDeliveryLogService } from "./delivery-log.service";
import type { createIntegrationsService } from "./integrations.service";

/** What the routes of every kind of target share (docs/api.md "Lead delivery"). */
export const deliveryTags = ["lead delivery"];
/** The error answers every integration route declares. */
export const deliveryAnswers = {
  400: validationErrorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
};

const typed = (scope: FastifyInstance) => scope.withTypeProvider<ZodTypeProvider>();
/** The signed-in scope the routes of one kind of target are registered in. */
export type DeliveryRouteScope = ReturnType<typeof typed>;

export interface DeliveryRouteDeps {
  integrations: ReturnType<typeof createIntegrationsService>;
  log: ReturnType<typeof createDeliveryLogService>;
}
