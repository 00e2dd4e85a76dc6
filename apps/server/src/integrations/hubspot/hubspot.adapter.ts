import { outcomeOfResponse } from "../http/http-outcome";
import type { OutgoingHttp, OutgoingResponse } from "../http/outgoing-http";
import {
  clientOf,
  filled,
  jsonHeaders,
  jsonOf,
  nameParts,
  type OAuthProvider,
  type OAuthTargetSettings,
  refreshTokens,
  sendAuthorised,
  serviceError,
  tokenCall,
  tokensOf,
} from "../oauth/oauth-tokens";
import { summaryMarker, summaryText } from "../summary-text";
import type { DeliveryLead, SendOutcome } from "../types";

/** Contacts are created and, on an e-mail HubSpot already has, updated. */
export const HUBSPOT_SCOPES = "crm.objects.contacts.write crm.objects.contacts.read oauth";

/** The contact's properties: HubSpot's own, string values, empty ones left out. */
export function hubspotProperties(lead: DeliveryLead): Record<string, string> {
  const { first, last } = nameParts(lead.name);
  return filled({
    email: lead.email,
    firstname: first,
    lastname: last,
    phone: lead.phone.replace(/[^\d+]/g, ""),
    message: summaryText(lead),
  });
}

const idOf = (body: string): string | null => {
  const id = (jsonOf(body) as { id?: unknown } | null)?.id;
  return typeof id === "string" || typeof id === "number" ? String(id) : null;
};

/** `"Contact already exists. Existing ID: 12345"` → "12345". */
const existingIdOf = (body: string): string | null => {
  const message = (jsonOf(body) as { message?: unknown } | null)?.message;
  return typeof message === "string" ? (/Existing ID:\s*(\d+)/.exec(message)?.[1] ?? null) : null;
};

/** HubSpot's daily limit resets at midnight in the account's time zone, which we do not know. */
export const HUBSPOT_DAILY_WAIT_MS = 60 * 60 * 1000;
/** Its burst limit is counted over a rolling ten seconds. */
export const HUBSPOT_BURST_WAIT_MS = 10 * 1000;
/** How far before the lead's own time a contact made for it is looked for (clock skew). */
const LOOKUP_SKEW_MS = 10 * 60 * 1000;

/**
 * The outcome of a HubSpot answer, its error named as HubSpot names it (`category` or
 * `errorType`, then `message`). A 429 waits for the limit its `policyName` names: the daily
 * one an hour (tried again hourly until the account's midnight), the ten-secondly one 10 s.
 */
function hubspotOutcome(response: OutgoingResponse, now: Date, id: string | null): SendOutcome {
  const outcome = outcomeOfResponse(response, now, id);
  if (outcome.kind === "delivered") return outcome;
  const error = jsonOf(response.body) as {
    category?: unknown;
    errorType?: unknown;
    policyName?: unknown;
    message?: unknown;
  } | null;
  const code = [error?.errorType ?? error?.category, error?.policyName]
    .filter((part): part is string => typeof part === "string")
    .join(" ");
  if (!code) return outcome;
  const message = String(error?.message ?? "");
  if (response.status !== 429) return serviceError(outcome, code, message);
  const wait = error?.policyName === "DAILY" ? HUBSPOT_DAILY_WAIT_MS : HUBSPOT_BURST_WAIT_MS;
  return serviceError(outcome, code, message, wait);
}

/**
 * `POST /crm/v3/objects/contacts/search` for the contact an earlier try made for an e-mail-less
 * lead: contacts created since shortly before the lead was left with the phone we set (else the
 * first and last name), asking for `message`, which holds the lead's marker.
 */
export function hubspotLookup(lead: DeliveryLead) {
  const properties = hubspotProperties(lead);
  const since = new Date(lead.created_at).getTime() - LOOKUP_SKEW_MS;
  const by = properties.phone
    ? { phone: properties.phone }
    : filled({ firstname: properties.firstname ?? "", lastname: properties.lastname ?? "" });
  return {
    filterGroups: [
      {
        filters: [
          { propertyName: "createdate", operator: "GTE", value: String(since) },
          ...Object.entries(by).map(([propertyName, value]) => ({
            propertyName,
            operator: "EQ",
            value,
          })),
        ],
      },
    ],
    properties: ["message"],
    limit: 100,
  };
}

/**
 * HubSpot (docs/delivery.md, "OAuth targets" and "Exactly once at the target"):
 * `POST /crm/v3/objects/contacts` with the account's access token; an e-mail HubSpot already
 * has (409 "Existing ID: N") updates that contact instead, so a retried e-mail lead stays one
 * contact. An e-mail-less lead is looked for with the search API before a retry creates it.
 * Access tokens live 30 minutes; the refresh token may rotate.
 */
export function createHubspotProvider(
  http: OutgoingHttp,
  settings: OAuthTargetSettings,
): OAuthProvider {
  const api = settings.apiUrl ?? "https://api.hubapi.com";
  const tokenUrl = `${api}/oauth/v1/token`;
  const json = (secrets: Record<string, string>) =>
    jsonHeaders(`Bearer ${secrets.access_token ?? ""}`);
  const authorised = {
    expired: (response: OutgoingResponse) => response.status === 401,
    refresh: (current: Record<string, string>) => refreshTokens(http, tokenUrl, settings, current),
  };

  return {
    retrySafety: "lookup",
    authorizeUrl({ state, redirectUri }) {
      const query = new URLSearchParams({
        client_id: clientOf(settings).id,
        redirect_uri: redirectUri,
        scope: HUBSPOT_SCOPES,
        state,
      });
      return `${settings.authUrl}?${query}`;
    },

    async exchange({ code, redirectUri }) {
      const client = clientOf(settings);
      const body = await tokenCall(http, tokenUrl, {
        grant_type: "authorization_code",
        client_id: client.id,
        client_secret: client.secret,
        redirect_uri: redirectUri,
        code,
      });
      return { secrets: tokensOf(body), settings: {} };
    },

    account: () => null,

    send(request): Promise<SendOutcome> {
      const properties = hubspotProperties(request.lead);
      return sendAuthorised(request, {
        ...authorised,
        call: (secrets) =>
          http.request({
            method: "POST",
            url: `${api}/crm/v3/objects/contacts`,
            headers: json(secrets),
            body: JSON.stringify({ properties }),
          }),
        async outcome(response, secrets) {
          const existing = response.status === 409 ? existingIdOf(response.body) : null;
          if (!existing) return hubspotOutcome(response, request.now, idOf(response.body));
          const update = await http.request({
            method: "PATCH",
            url: `${api}/crm/v3/objects/contacts/${existing}`,
            headers: json(secrets),
            body: JSON.stringify({ properties }),
          });
          return hubspotOutcome(update, request.now, existing);
        },
      });
    },

    async findExisting(request) {
      // With an e-mail the create itself is safe: HubSpot answers 409 with the contact.
      if (request.lead.email) return null;
      const marker = summaryMarker(request.lead);
      return sendAuthorised<SendOutcome | null>(request, {
        ...authorised,
        call: (secrets) =>
          http.request({
            method: "POST",
            url: `${api}/crm/v3/objects/contacts/search`,
            headers: json(secrets),
            body: JSON.stringify(hubspotLookup(request.lead)),
          }),
        outcome(response) {
          const outcome = hubspotOutcome(response, request.now, null);
          if (outcome.kind !== "delivered") return outcome;
          const results = (jsonOf(response.body) as { results?: unknown } | null)?.results;
          const found = (Array.isArray(results) ? results : []).find(
            (r: { id?: unknown; properties?: { message?: unknown } }) =>
              typeof r?.id === "string" && String(r.properties?.message ?? "").includes(marker),
          ) as { id: string } | undefined;
          if (!found) return null;
          return { ...outcome, remoteId: found.id, response: "found: an earlier try made it" };
        },
      });
    },
  };
}
