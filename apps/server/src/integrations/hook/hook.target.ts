import type { PlainServerTarget } from "../target";
import { createWebhookAdapter } from "../webhook/webhook.adapter";

/** A REST hook is delivered exactly like a webhook (docs/delivery.md "REST hooks"). */
export const hookTarget = {
  key: "hook",
  createAdapter: ({ http }) => createWebhookAdapter(http),
} satisfies PlainServerTarget<"hook">;
