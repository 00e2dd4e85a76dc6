import { outcomeOfResponse } from "../http/http-outcome";
import type { OutgoingHttp } from "../http/outgoing-http";
import { checkWith, NO_EMAIL, sendingOutcome, waitingForReset } from "../target-call";
import type { DeliveryAdapter, DeliveryLead, SendOutcome } from "../types";

const headers = (key: string) => ({
  "x-auth-token": `api-key ${key}`,
  "content-type": "application/json",
  accept: "application/json",
});

/** `POST /contacts` body: the e-mail, the name and the list ("campaign"). */
export function getresponseContact(lead: DeliveryLead, campaignId: string) {
  const contact: Record<string, unknown> = {
    email: lead.email,
    campaign: { campaignId },
  };
  if (lead.name) contact.name = lead.name;
  return contact;
}

/**
 * Adds the visitor to the list per lead (docs/delivery.md, "GetResponse"). GetResponse
 * answers 202 and gives no id; 409 (already on that list) counts as delivered.
 */
export function createGetresponseAdapter(http: OutgoingHttp, baseUrl: string): DeliveryAdapter {
  return {
    retrySafety: "none",
    send: ({ lead, settings, secrets, now }) =>
      sendingOutcome(async (): Promise<SendOutcome> => {
        if (!lead.email) return NO_EMAIL;
        const response = await http.request({
          method: "POST",
          url: `${baseUrl}/contacts`,
          headers: headers(secrets.api_key ?? ""),
          body: JSON.stringify(getresponseContact(lead, settings.campaign_id ?? "")),
        });
        if (response.status === 409) {
          return {
            kind: "delivered",
            statusCode: 409,
            remoteId: null,
            response: "already on the list",
          };
        }
        return waitingForReset(outcomeOfResponse(response, now), response, "x-ratelimit-reset");
      }),
  };
}

/** Checks the key and the list once (reads the campaign): null when GetResponse accepts. */
export function checkGetresponseKey(
  http: OutgoingHttp,
  baseUrl: string,
  values: { api_key: string; campaign_id: string },
) {
  return checkWith(http, {
    method: "GET",
    url: `${baseUrl}/campaigns/${encodeURIComponent(values.campaign_id)}`,
    headers: headers(values.api_key),
  });
}
