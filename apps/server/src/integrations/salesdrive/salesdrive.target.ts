import type { CredentialServerTarget } from "../target";
import { checkSalesdriveToken, createSalesdriveAdapter } from "./salesdrive.adapter";

/** SalesDrive (docs/delivery.md "SalesDrive"): an order per lead with the form key. */
export const salesdriveTarget = {
  key: "salesdrive",
  createAdapter: ({ http, config }) =>
    createSalesdriveAdapter(http, config.targetApiUrls.salesdrive),
  check: ({ http, config }, values) =>
    checkSalesdriveToken(http, config.targetApiUrls.salesdrive, {
      form_token: values.form_token ?? "",
      subdomain: values.subdomain ?? "",
    }),
} satisfies CredentialServerTarget<"salesdrive">;
