import { z } from "zod";
import { timestampSchema } from "./quiz-common";

/**
 * What a delivery carries out of Leadquiz (docs/delivery.md "Webhooks"): the lead every target
 * gets, and the body of a webhook or REST hook delivery. Declared once here; the server's
 * adapters and the `hooks/sample/` answer take their types from these schemas.
 */

/**
 * The version of the delivery body's shape: raised when a field changes meaning or goes away
 * (a new field keeps it), so receivers can tell which shape they were sent.
 */
export const DELIVERY_PAYLOAD_VERSION = 1;

/** The lead as targets get it: texts of the version the visitor answered. */
export const deliveryLeadSchema = z.object({
  id: z.int32(),
  created_at: timestampSchema,
  quiz: z.object({ id: z.int32(), title: z.string() }),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  messengers: z.record(z.string(), z.string()),
  other: z.string(),
  other2: z.string(),
  answers: z.array(z.object({ question: z.string(), answer: z.string() })),
  results: z.array(
    z.object({
      title: z.string(),
      value: z.union([z.string(), z.number()]).nullable(),
      unit: z.string().nullable(),
    }),
  ),
  extra: z.record(z.string(), z.string()),
  utm: z.record(z.string(), z.string()),
  page_url: z.string(),
  referrer: z.string(),
});
export type DeliveryLead = z.infer<typeof deliveryLeadSchema>;

/** The body of a delivery: `{id, type: "lead.created", version, created_at, data: {lead}}`. */
export const deliveryBodySchema = z.object({
  id: z.string(),
  type: z.literal("lead.created"),
  version: z
    .literal(DELIVERY_PAYLOAD_VERSION)
    .describe('The version of this body\'s shape (docs/delivery.md "Webhooks")'),
  created_at: timestampSchema,
  data: z.object({ lead: deliveryLeadSchema }),
});
export type DeliveryBody = z.infer<typeof deliveryBodySchema>;
