import type { OAuthServerTarget } from "../target";
import { createHubspotProvider } from "./hubspot.adapter";

/** HubSpot (docs/delivery.md, "OAuth targets"): connected by the owner's consent. */
export const hubspotTarget = {
  key: "hubspot",
  createAdapter: ({ http, config }) => createHubspotProvider(http, config.oauthTargets.hubspot),
} satisfies OAuthServerTarget<"hubspot">;
