import {
  apiPaths,
  deliveryLogQuerySchema,
  deliveryPageSchema,
  deliverySchema,
  idParamsSchema,
  setEnabledSchema,
  testLeadResultSchema,
} from "@leadquiz/contract";
import { z } from "zod";
import {
  deliveryAnswers as answers,
  type DeliveryRouteDeps,
  type DeliveryRouteScope,
  deliveryTags as tags,
} from "./delivery-route-kit";

const enabledAnswer = z.object({ id: z.int32(), is_enabled: z.boolean() });

/**
 * What every integration shares whatever its target (`integration/{id}/…`) and the delivery
 * log of a quiz (`quiz/{id}/deliveries/`, `delivery/{id}/retry/`).
 */
export function deliveryLogRoutes(
  routes: DeliveryRouteScope,
  { integrations, log }: DeliveryRouteDeps,
) {
  routes.post(
    apiPaths.integrationSetEnabled(":id"),
    {
      schema: {
        tags,
        summary: "Switches one integration on or off",
        description: "A switched-off integration gets no deliveries of new leads.",
        params: idParamsSchema,
        body: setEnabledSchema,
        response: { 200: enabledAnswer, ...answers },
      },
    },
    async (request) =>
      integrations.setEnabled(request.userId, request.params.id, request.body.is_enabled),
  );

  routes.post(
    apiPaths.integrationTestLead(":id"),
    {
      schema: {
        tags,
        summary: "Sends a test lead to an integration",
        description:
          "A made-up lead goes to the target at once (not through the outbox, and not " +
          "into the log); the answer says what the target said.",
        params: idParamsSchema,
        response: { 200: testLeadResultSchema, ...answers },
      },
    },
    async (request) => integrations.sendTestLead(request.userId, request.params.id),
  );

  routes.get(
    apiPaths.quizDeliveries(":id"),
    {
      schema: {
        tags,
        summary: "Lists the deliveries of a quiz's leads",
        description:
          "Newest first, a page of `limit` (50 by default); `next` is the cursor of the " +
          "following page. Filters: `status`, `integration`.",
        params: idParamsSchema,
        querystring: deliveryLogQuerySchema,
        response: { 200: deliveryPageSchema, ...answers },
      },
    },
    async (request) => log.page(request.userId, request.params.id, request.query),
  );

  routes.post(
    apiPaths.deliveryRetry(":id"),
    {
      schema: {
        tags,
        summary: "Sends a delivery again",
        description:
          "Due at once with a fresh run of tries, under the same webhook-id (receivers " +
          "dedupe); also for a delivered one, when the owner asks.",
        params: idParamsSchema,
        response: { 200: deliverySchema, ...answers },
      },
    },
    async (request) => log.retry(request.userId, request.params.id),
  );
}
