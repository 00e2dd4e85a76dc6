import type { PlainServerTarget } from "../target";
import { createWebhookAdapter } from "./webhook.adapter";

/** Webhooks (docs/delivery.md "Webhooks"): signed POSTs to the owner's URLs. */
export const webhookTarget = {
  key: "webhook",
  createAdapter: ({ http }) => createWebhookAdapter(http),
} satisfies PlainServerTarget<"webhook">;
