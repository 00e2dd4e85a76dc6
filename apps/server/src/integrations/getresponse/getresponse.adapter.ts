import { outcomeOfResponse } from "../http/http-outcome";
import type { OutgoingHttp } from "../http/outgoing-http";
import { checkWith, NO_EMAIL, sendingOutcome, waitingForReset } from "../target-call";
import type { DeliveryAdapter, DeliveryLead, SendOutcome } from "../types";

/**
 * The API addresses: an ordinary account's, and GetResponse MAX's template with `{region}`
 * (com or pl) where the account's host ending goes (docs/delivery.md "GetResponse").
 */
export interface GetresponseUrls {
  standard: string;
  max: string;
}

/** The account's side of the connection: the key and, for a MAX account, its domain and host. */
interface GetresponseAccount {
  api_key?: string | undefined;
  enterprise_domain?: string | undefined;
  enterprise_region?: string | undefined;
}

/**
 * Where an account's calls go and the headers they carry: a MAX account (an
 * `enterprise_domain` set) calls `api3.getresponse360.{com|pl}` with `X-Domain`, an ordinary
 * one `api.getresponse.com` without it (GetResponse documents that only MAX sends X-Domain).
 */
export function getresponseEndpoint(urls: GetresponseUrls, account: GetresponseAccount) {
  const domain = account.enterprise_domain?.trim() ?? "";
  const headers: Record<string, string> = {
    "x-auth-token": `api-key ${account.api_key ?? ""}`,
    "content-type": "application/json",
    accept: "application/json",
  };
  if (!domain) return { baseUrl: urls.standard, headers };
  const region = account.enterprise_region === "pl" ? "pl" : "com";
  return {
    baseUrl: urls.max.replace("{region}", region),
    headers: { ...headers, "x-domain": domain },
  };
}

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
 * answers 202 and gives no id. A contact is one e-mail per list: adding it again answers 409
 * (already added), which counts as delivered, so a retry of a create whose answer was lost
 * adds nothing (`idempotent`). A 429 waits `X-RateLimit-Reset` seconds.
 */
export function createGetresponseAdapter(
  http: OutgoingHttp,
  urls: GetresponseUrls,
): DeliveryAdapter {
  return {
    retrySafety: "idempotent",
    send: ({ lead, settings, secrets, now }) =>
      sendingOutcome(async (): Promise<SendOutcome> => {
        if (!lead.email) return NO_EMAIL;
        const { baseUrl, headers } = getresponseEndpoint(urls, { ...settings, ...secrets });
        const response = await http.request({
          method: "POST",
          url: `${baseUrl}/contacts`,
          headers,
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

/**
 * Checks the key and the list once (reads the campaign, on a MAX account's own host with its
 * X-Domain): null when GetResponse accepts.
 */
export function checkGetresponseKey(
  http: OutgoingHttp,
  urls: GetresponseUrls,
  values: GetresponseAccount & { campaign_id: string },
) {
  const { baseUrl, headers } = getresponseEndpoint(urls, values);
  return checkWith(http, {
    method: "GET",
    url: `${baseUrl}/campaigns/${encodeURIComponent(values.campaign_id)}`,
    headers,
  });
}
