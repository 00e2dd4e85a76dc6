import { outcomeOfResponse } from "../http/http-outcome";
import type { OutgoingHttp, OutgoingResponse } from "../http/outgoing-http";
import {
  apiOrigin,
  clientOf,
  crmPerson,
  filled,
  jsonHeaders,
  jsonOf,
  type OAuthProvider,
  type OAuthTargetSettings,
  REAUTHORISE_ERROR,
  refreshTokens,
  sendAuthorised,
  serviceError,
  TokenCallError,
  tokenCall,
  tokensOf,
  trustedOrigin,
  waiting,
} from "../oauth/oauth-tokens";
import { summaryMarker, summaryText } from "../summary-text";
import type { DeliveryLead, SendOutcome, SendRequest } from "../types";

/** The REST API version leads are created with (a pinned one every current org has). */
export const SALESFORCE_API_VERSION = "v62.0";
/** Salesforce's own instance hosts (My Domain and classic). */
const INSTANCE_HOSTS = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.(salesforce|force)\.com$/i;

/** The Lead sObject of a lead: LastName and Company are required, so never empty. */
export function salesforceLead(lead: DeliveryLead): Record<string, string> {
  const person = crmPerson(lead);
  return filled({
    FirstName: person.first,
    LastName: person.last,
    Company: person.company,
    Email: lead.email,
    Phone: lead.phone,
    LeadSource: "Web",
    Description: summaryText(lead),
  });
}

/** How long a lead waits when the org's rolling 24-hour API quota is used up. */
export const SALESFORCE_QUOTA_WAIT_MS = 60 * 60 * 1000;
/** How far before the lead's own time a record made for it is looked for (clock skew). */
const LOOKUP_SKEW_MS = 10 * 60 * 1000;

/** Salesforce's error answer: `[{"errorCode": "...", "message": "..."}]`. */
function salesforceError(body: string): { errorCode: string; message: string } | null {
  const first = (jsonOf(body) as { errorCode?: unknown; message?: unknown }[] | null)?.[0];
  return typeof first?.errorCode === "string"
    ? { errorCode: first.errorCode, message: String(first.message ?? "") }
    : null;
}

/**
 * The outcome of a Salesforce answer, its error named as Salesforce names it. 403
 * REQUEST_LIMIT_EXCEEDED is the org's API quota (a rolling 24 hours, or too many long
 * requests at once): the lead waits an hour and is tried again, it is not refused.
 */
function salesforceOutcome(response: OutgoingResponse, now: Date, id: string | null) {
  const outcome = outcomeOfResponse(response, now, id);
  const error = outcome.kind === "delivered" ? null : salesforceError(response.body);
  if (!error) return outcome;
  if (error.errorCode === "REQUEST_LIMIT_EXCEEDED") {
    return serviceError(waiting(outcome), error.errorCode, error.message, SALESFORCE_QUOTA_WAIT_MS);
  }
  const named = serviceError(outcome, error.errorCode, error.message);
  // Still refused after a refresh: the grant no longer reaches the org.
  return named.kind === "failed" && response.status === 401
    ? { ...named, error: `${REAUTHORISE_ERROR}: ${named.error}` }
    : named;
}

/** A SOQL string literal: backslash, quotes and line breaks escaped. */
export function soqlText(value: string): string {
  const escaped = value.replace(/[\\'"\n\r\t]/g, (c) =>
    c === "\n" ? "\\n" : c === "\r" ? "\\r" : c === "\t" ? "\\t" : `\\${c}`,
  );
  return `'${escaped}'`;
}

/**
 * The SOQL that finds the Lead an earlier try made for `lead`: Leads created since shortly
 * before the lead was left, with the LastName and Company we set (both filterable); the
 * Description (a long text area, which SOQL cannot filter) is compared by the caller.
 */
export function salesforceLookupQuery(lead: DeliveryLead): string {
  const fields = salesforceLead(lead);
  const since = new Date(new Date(lead.created_at).getTime() - LOOKUP_SKEW_MS);
  return [
    "SELECT Id, Description FROM Lead",
    `WHERE CreatedDate >= ${since.toISOString().replace(/\.\d{3}Z$/, "Z")}`,
    `AND LastName = ${soqlText(fields.LastName ?? "")}`,
    `AND Company = ${soqlText(fields.Company ?? "")}`,
    "ORDER BY CreatedDate DESC LIMIT 200",
  ].join(" ");
}

/**
 * Salesforce (docs/delivery.md, "OAuth targets" and "Exactly once at the target"): the
 * web-server flow with PKCE, then `POST {instance_url}/services/data/vNN.N/sobjects/Lead/`.
 * A retry first asks `GET …/query` for the Lead whose Description holds this lead's marker
 * (no external id field can be assumed in an org). 401 INVALID_SESSION_ID means the access
 * token expired; a refresh may name another `instance_url`, which is used from then on.
 */
export function createSalesforceProvider(
  http: OutgoingHttp,
  settings: OAuthTargetSettings,
): OAuthProvider {
  const tokenUrl = `${settings.authUrl}/services/oauth2/token`;
  const instanceOf = (secrets: Record<string, string>, stored: Record<string, string>) =>
    apiOrigin(secrets, stored, "instance_url", INSTANCE_HOSTS, settings.apiUrl);
  const authorised = (request: SendRequest) => ({
    expired: (response: OutgoingResponse) => response.status === 401,
    refresh: (current: Record<string, string>) => refreshTokens(http, tokenUrl, settings, current),
    url: (secrets: Record<string, string>, path: string) =>
      `${instanceOf(secrets, request.settings)}/services/data/${SALESFORCE_API_VERSION}${path}`,
  });

  return {
    retrySafety: "lookup",
    authorizeUrl({ state, codeChallenge, redirectUri }) {
      const query = new URLSearchParams({
        response_type: "code",
        client_id: clientOf(settings).id,
        redirect_uri: redirectUri,
        scope: "api refresh_token",
        state,
        code_challenge: codeChallenge,
        code_challenge_method: "S256",
      });
      return `${settings.authUrl}/services/oauth2/authorize?${query}`;
    },

    async exchange({ code, codeVerifier, redirectUri }) {
      const client = clientOf(settings);
      const body = await tokenCall(http, tokenUrl, {
        grant_type: "authorization_code",
        code,
        client_id: client.id,
        client_secret: client.secret,
        redirect_uri: redirectUri,
        code_verifier: codeVerifier,
      });
      const instance = trustedOrigin(body.instance_url, INSTANCE_HOSTS, settings.apiUrl);
      if (!instance) {
        throw new TokenCallError(false, {
          kind: "failed",
          statusCode: null,
          error: "untrusted instance_url",
          disable: false,
        });
      }
      return { secrets: tokensOf(body), settings: { instance_url: instance } };
    },

    account: (stored) => stored.instance_url ?? null,

    send(request) {
      const call = authorised(request);
      return sendAuthorised(request, {
        ...call,
        call: (secrets) =>
          http.request({
            method: "POST",
            url: call.url(secrets, "/sobjects/Lead/"),
            headers: jsonHeaders(`Bearer ${secrets.access_token ?? ""}`),
            body: JSON.stringify(salesforceLead(request.lead)),
          }),
        outcome(response) {
          const id = (jsonOf(response.body) as { id?: unknown } | null)?.id;
          return salesforceOutcome(response, request.now, typeof id === "string" ? id : null);
        },
      });
    },

    findExisting(request) {
      const call = authorised(request);
      const marker = summaryMarker(request.lead);
      return sendAuthorised<SendOutcome | null>(request, {
        ...call,
        call: (secrets) =>
          http.request({
            method: "GET",
            url: call.url(
              secrets,
              `/query?${new URLSearchParams({ q: salesforceLookupQuery(request.lead) })}`,
            ),
            headers: jsonHeaders(`Bearer ${secrets.access_token ?? ""}`),
          }),
        outcome(response) {
          const outcome = salesforceOutcome(response, request.now, null);
          if (outcome.kind !== "delivered") return outcome;
          const records = (jsonOf(response.body) as { records?: unknown } | null)?.records;
          const found = (Array.isArray(records) ? records : []).find(
            (r: { Id?: unknown; Description?: unknown }) =>
              typeof r?.Id === "string" && String(r.Description ?? "").includes(marker),
          ) as { Id: string } | undefined;
          if (!found) return null;
          return { ...outcome, remoteId: found.Id, response: "found: an earlier try made it" };
        },
      });
    },
  };
}
