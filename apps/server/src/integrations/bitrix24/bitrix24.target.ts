import type { CredentialServerTarget } from "../target";
import { checkBitrix24Webhook, createBitrix24Adapter } from "./bitrix24.adapter";

/** Bitrix24 (docs/delivery.md "Bitrix24"): leads through the portal's inbound webhook. */
export const bitrix24Target = {
  key: "bitrix24",
  createAdapter: ({ http }) => createBitrix24Adapter(http),
  check: ({ http }, values) => checkBitrix24Webhook(http, values.webhook_url ?? ""),
} satisfies CredentialServerTarget<"bitrix24">;
