import type { OAuthServerTarget } from "../target";
import { createZohoProvider } from "./zoho.adapter";

/** Zoho CRM (docs/delivery.md, "OAuth targets"): connected by the owner's consent. */
export const zohoTarget = {
  key: "zoho",
  createAdapter: ({ http, config }) => createZohoProvider(http, config.oauthTargets.zoho),
} satisfies OAuthServerTarget<"zoho">;
