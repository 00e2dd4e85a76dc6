import type { CredentialServerTarget } from "../target";
import { checkKeycrmToken, createKeycrmAdapter } from "./keycrm.adapter";

/** KeyCRM (docs/delivery.md "KeyCRM"): pipeline cards with the account's API key. */
export const keycrmTarget = {
  key: "keycrm",
  createAdapter: ({ http, config }) => createKeycrmAdapter(http, config.targetApiUrls.keycrm),
  check: ({ http, config }, values) =>
    checkKeycrmToken(http, config.targetApiUrls.keycrm, values.api_token ?? ""),
} satisfies CredentialServerTarget<"keycrm">;
