import { z } from "zod";
import {
  deliveryLogQuerySchema,
  deliveryPageSchema,
  deliverySchema,
  setEnabledSchema,
  testLeadResultSchema,
} from "../integrations";
import { idParamsSchema } from "../quiz-common";
import { deliveryAnswers as answers, deliveryTags as tags } from "./delivery-shared";
import { endpoint } from "./endpoint";

const enabledAnswer = z.object({ id: z.int32(), is_enabled: z.boolean() });

/** The operations of apps/server's delivery-log.routes.ts (docs/api.md). */
export const deliveryLogEndpoints = {
  setIntegrationEnabled: endpoint({
    method: "POST",
    path: "/integration/{id}/set_enabled/",
    operationId: "setIntegrationEnabled",
    tags,
    summary: "Switches one integration on or off",
    description: "A switched-off integration gets no deliveries of new leads.",
    params: idParamsSchema,
    body: setEnabledSchema,
    responses: { 200: enabledAnswer, ...answers },
  }),
  sendTestLead: endpoint({
    method: "POST",
    path: "/integration/{id}/test/",
    operationId: "sendTestLead",
    tags,
    summary: "Sends a test lead to an integration",
    description:
      "A made-up lead goes to the target at once (not through the outbox, and not " +
      "into the log); the answer says what the target said.",
    params: idParamsSchema,
    responses: { 200: testLeadResultSchema, ...answers },
  }),
  listQuizDeliveries: endpoint({
    method: "GET",
    path: "/quiz/{id}/deliveries/",
    operationId: "listQuizDeliveries",
    tags,
    summary: "Lists the deliveries of a quiz's leads",
    description:
      "Newest first, a page of `limit` (50 by default); `next` is the cursor of the " +
      "following page. Filters: `status`, `integration`.",
    params: idParamsSchema,
    query: deliveryLogQuerySchema,
    responses: { 200: deliveryPageSchema, ...answers },
  }),
  retryDelivery: endpoint({
    method: "POST",
    path: "/delivery/{id}/retry/",
    operationId: "retryDelivery",
    tags,
    summary: "Sends a delivery again",
    description:
      "Due at once with a fresh run of tries, under the same webhook-id (receivers " +
      "dedupe); also for a delivered one, when the owner asks.",
    params: idParamsSchema,
    responses: { 200: deliverySchema, ...answers },
  }),
} as const;
