import type { OAuthServerTarget } from "../target";
import { createSalesforceProvider } from "./salesforce.adapter";

/** Salesforce (docs/delivery.md, "OAuth targets"): connected by the owner's consent. */
export const salesforceTarget = {
  key: "salesforce",
  createAdapter: ({ http, config }) =>
    createSalesforceProvider(http, config.oauthTargets.salesforce),
} satisfies OAuthServerTarget<"salesforce">;
