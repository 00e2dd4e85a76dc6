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
  refreshTokens,
  sendAuthorised,
  serviceError,
  TokenCallError,
  tokenCall,
  tokensOf,
  trustedOrigin,
} from "../oauth/oauth-tokens";
import { summaryMarker, summaryText } from "../summary-text";
import type { DeliveryLead, SendOutcome, SendRequest } from "../types";

/** Zoho's accounts servers of its data centres (US, EU, IN, AU, JP, CN, SA, UK, CA). */
const ACCOUNTS_HOSTS = /^accounts\.(zoho\.(com|eu|in|com\.au|jp|com\.cn|sa|uk)|zohocloud\.ca)$/i;
/** Zoho's API domains of the same data centres. */
const API_HOSTS = /^www\.zohoapis\.(com|eu|in|com\.au|jp|com\.cn|sa|uk|ca)$/i;

/** Leads are upserted (CREATE covers it) and looked for by search (READ). */
export const ZOHO_SCOPES = "ZohoCRM.modules.leads.CREATE,ZohoCRM.modules.leads.READ";
/** How long a lead waits after Zoho's 429 (credits of a rolling 24 hours, or concurrency). */
export const ZOHO_LIMIT_WAIT_MS = 5 * 60 * 1000;

/** One record of `POST /crm/v8/Leads`: Last_Name is the one mandatory field. */
export function zohoLead(lead: DeliveryLead): Record<string, string> {
  const person = crmPerson(lead);
  return filled({
    First_Name: person.first,
    Last_Name: person.last,
    Company: person.company,
    Email: lead.email,
    Phone: lead.phone,
    Description: summaryText(lead),
  });
}

type ZohoRecord = {
  code?: string;
  status?: string;
  message?: string;
  details?: { id?: unknown; api_name?: unknown; duplicate_record?: { id?: unknown } };
};

/** `POST /crm/v8/Leads/upsert`: the lead, matched on Email so a returning visitor is updated. */
export function zohoUpsert(lead: DeliveryLead) {
  return { data: [zohoLead(lead)], duplicate_check_fields: ["Email"], trigger: ["workflow"] };
}

/** Zoho's search criteria of one field, its special characters escaped. */
export function zohoCriteria(field: string, value: string): string {
  return `(${field}:equals:${value.replace(/[\\(),]/g, (c) => `\\${c}`)})`;
}

/**
 * The search for the lead an earlier try made for an e-mail-less lead: by the phone we set,
 * else the Last_Name, asking for the Description, which holds the lead's marker.
 */
export function zohoLookupQuery(lead: DeliveryLead): URLSearchParams {
  const record = zohoLead(lead);
  return new URLSearchParams({
    criteria: record.Phone
      ? zohoCriteria("Phone", record.Phone)
      : zohoCriteria("Last_Name", record.Last_Name ?? ""),
    fields: "Description",
    per_page: "200",
  });
}

/**
 * The outcome of a Zoho answer, its error named as Zoho names it (`code: message`). Results
 * are per record: a 2xx call can still hold a refused record. DUPLICATE_DATA means the person
 * is in Zoho already (a unique field of the owner's): delivered, with that record's id. A 429
 * (TOO_MANY_REQUESTS: the credits of the rolling 24 hours, or too many calls at once) waits.
 */
function zohoOutcome(response: OutgoingResponse, now: Date, records = true): SendOutcome {
  const body = jsonOf(response.body) as ({ data?: ZohoRecord[] } & ZohoRecord) | null;
  // A search answers records of the module, not results of a write.
  const record = records ? body?.data?.[0] : undefined;
  const id = record?.details?.id;
  const outcome = outcomeOfResponse(response, now, id !== undefined ? String(id) : null);
  if (record?.code === "DUPLICATE_DATA") {
    const duplicate = record.details?.duplicate_record?.id ?? record.details?.id;
    return {
      kind: "delivered",
      statusCode: response.status,
      remoteId: duplicate !== undefined ? String(duplicate) : null,
      response: `already in Zoho: DUPLICATE_DATA on ${String(record.details?.api_name ?? "?")}`,
    };
  }
  if (outcome.kind === "delivered") {
    if (!record || record.status === "success") return outcome;
    return {
      kind: "failed",
      statusCode: response.status,
      error: `${record.code ?? "error"}: ${record.message ?? ""}`.slice(0, 500),
      disable: false,
    };
  }
  const error = record ?? body;
  if (!error?.code) return outcome;
  if (response.status === 429) {
    return serviceError(outcome, error.code, error.message ?? "", ZOHO_LIMIT_WAIT_MS);
  }
  return serviceError(outcome, error.code, error.message ?? "");
}

/** A 401 that a refresh can mend (not a scope the connection was never granted). */
const expired = (response: OutgoingResponse) =>
  response.status === 401 &&
  (jsonOf(response.body) as { code?: unknown } | null)?.code !== "OAUTH_SCOPE_MISMATCH";

/**
 * Zoho CRM (docs/delivery.md, "OAuth targets" and "Exactly once at the target"): the token
 * call goes to the accounts server of the user's data centre (the callback's
 * `accounts-server`), leads to the `api_domain` the token answer names, with
 * `Authorization: Zoho-oauthtoken`. Leads are upserted on Email, so a retry of a lead with an
 * e-mail (and a returning visitor) updates the one record; an e-mail-less lead is looked for
 * with the search API before a retry creates it. Refresh tokens stay.
 */
export function createZohoProvider(
  http: OutgoingHttp,
  settings: OAuthTargetSettings,
): OAuthProvider {
  const refusedOrigin = (what: string) =>
    new TokenCallError(false, {
      kind: "failed",
      statusCode: null,
      error: `untrusted ${what}`,
      disable: false,
    });
  const authorised = (request: SendRequest) => ({
    expired,
    refresh: (current: Record<string, string>) =>
      refreshTokens(
        http,
        `${request.settings.accounts_server || settings.authUrl}/oauth/v2/token`,
        settings,
        current,
      ),
    url: (secrets: Record<string, string>, path: string) =>
      `${apiOrigin(secrets, request.settings, "api_domain", API_HOSTS, settings.apiUrl)}${path}`,
  });

  return {
    retrySafety: "lookup",
    authorizeUrl({ state, redirectUri }) {
      const query = new URLSearchParams({
        scope: ZOHO_SCOPES,
        client_id: clientOf(settings).id,
        response_type: "code",
        access_type: "offline",
        prompt: "consent",
        redirect_uri: redirectUri,
        state,
      });
      return `${settings.authUrl}/oauth/v2/auth?${query}`;
    },

    async exchange({ code, query, redirectUri }) {
      const client = clientOf(settings);
      const accounts = query["accounts-server"]
        ? trustedOrigin(query["accounts-server"], ACCOUNTS_HOSTS, settings.authUrl)
        : settings.authUrl;
      if (!accounts) throw refusedOrigin("accounts-server");
      const body = await tokenCall(http, `${accounts}/oauth/v2/token`, {
        grant_type: "authorization_code",
        client_id: client.id,
        client_secret: client.secret,
        redirect_uri: redirectUri,
        code,
      });
      const api = trustedOrigin(body.api_domain, API_HOSTS, settings.apiUrl);
      if (!api) throw refusedOrigin("api_domain");
      return {
        secrets: tokensOf(body),
        settings: { api_domain: api, accounts_server: accounts, location: query.location ?? "" },
      };
    },

    account: (stored) => stored.api_domain ?? null,

    send(request) {
      const call = authorised(request);
      return sendAuthorised(request, {
        ...call,
        call: (secrets) =>
          http.request({
            method: "POST",
            url: call.url(secrets, "/crm/v8/Leads/upsert"),
            headers: jsonHeaders(`Zoho-oauthtoken ${secrets.access_token ?? ""}`),
            body: JSON.stringify(zohoUpsert(request.lead)),
          }),
        outcome: (response) => zohoOutcome(response, request.now),
      });
    },

    async findExisting(request) {
      // With an e-mail the upsert itself is safe: it updates the record the first try made.
      if (request.lead.email) return null;
      const call = authorised(request);
      const marker = summaryMarker(request.lead);
      return sendAuthorised<SendOutcome | null>(request, {
        ...call,
        call: (secrets) =>
          http.request({
            method: "GET",
            url: call.url(secrets, `/crm/v8/Leads/search?${zohoLookupQuery(request.lead)}`),
            headers: jsonHeaders(`Zoho-oauthtoken ${secrets.access_token ?? ""}`),
          }),
        outcome(response) {
          // 204: nothing matches.
          if (response.status === 204) return null;
          const outcome = zohoOutcome(response, request.now, false);
          if (outcome.kind !== "delivered") return outcome;
          const data = (jsonOf(response.body) as { data?: unknown } | null)?.data;
          const found = (Array.isArray(data) ? data : []).find(
            (r: { id?: unknown; Description?: unknown }) =>
              r?.id !== undefined && String(r.Description ?? "").includes(marker),
          ) as { id: unknown } | undefined;
          if (!found) return null;
          return {
            ...outcome,
            remoteId: String(found.id),
            response: "found: an earlier try made it",
          };
        },
      });
    },
  };
}
