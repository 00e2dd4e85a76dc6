import type { CredentialServerTarget } from "../target";
import { checkGetresponseKey, createGetresponseAdapter } from "./getresponse.adapter";

/**
 * GetResponse (docs/delivery.md "GetResponse"): contacts of a list (`campaign_id`); a MAX
 * account on its own API host with its `X-Domain`.
 */
export const getresponseTarget = {
  key: "getresponse",
  createAdapter: ({ http, config }) =>
    createGetresponseAdapter(http, {
      standard: config.targetApiUrls.getresponse,
      max: config.targetApiUrls.getresponseMax,
    }),
  check: ({ http, config }, values) =>
    checkGetresponseKey(
      http,
      { standard: config.targetApiUrls.getresponse, max: config.targetApiUrls.getresponseMax },
      {
        api_key: values.api_key ?? "",
        campaign_id: values.campaign_id ?? "",
        enterprise_domain: values.enterprise_domain ?? "",
        enterprise_region: values.enterprise_region ?? "",
      },
    ),
} satisfies CredentialServerTarget<"getresponse">;
