import type { CredentialServerTarget } from "../target";
import {
  checkSendpulseCredentials,
  createSendpulseAdapter,
  createSendpulseClient,
} from "./sendpulse.adapter";

/** SendPulse (docs/delivery.md "SendPulse"): addresses of an address book. */
export const sendpulseTarget = {
  key: "sendpulse",
  createAdapter: ({ http, config }) =>
    createSendpulseAdapter(createSendpulseClient(http, config.targetApiUrls.sendpulse)),
  check: ({ http, config }, values) =>
    checkSendpulseCredentials(createSendpulseClient(http, config.targetApiUrls.sendpulse), {
      client_id: values.client_id ?? "",
      client_secret: values.client_secret ?? "",
      address_book_id: values.address_book_id ?? "",
    }),
} satisfies CredentialServerTarget<"sendpulse">;
