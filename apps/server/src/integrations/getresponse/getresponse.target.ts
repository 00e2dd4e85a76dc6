import type { CredentialServerTarget } from "../target";
import { checkGetresponseKey, createGetresponseAdapter } from "./getresponse.adapter";

/** GetResponse (docs/delivery.md "GetResponse"): contacts of a list (`campaign_id`). */
export const getresponseTarget = {
  key: "getresponse",
  createAdapter: ({ http, config }) =>
    createGetresponseAdapter(http, config.targetApiUrls.getresponse),
  check: ({ http, config }, values) =>
    checkGetresponseKey(http, config.targetApiUrls.getresponse, {
      api_key: values.api_key ?? "",
      campaign_id: values.campaign_id ?? "",
    }),
} satisfies CredentialServerTarget<"getresponse">;
