import type { CredentialServerTarget } from "../target";
import { checkMailchimpKey, createMailchimpAdapter } from "./mailchimp.adapter";

/** Mailchimp (docs/delivery.md "Mailchimp"): subscribed members of an audience. */
export const mailchimpTarget = {
  key: "mailchimp",
  createAdapter: ({ http, config }) => createMailchimpAdapter(http, config.targetApiUrls.mailchimp),
  check: ({ http, config }, values) =>
    checkMailchimpKey(http, config.targetApiUrls.mailchimp, {
      api_key: values.api_key ?? "",
      list_id: values.list_id ?? "",
    }),
} satisfies CredentialServerTarget<"mailchimp">;
