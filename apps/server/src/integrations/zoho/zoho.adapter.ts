import { outcomeOfResponse } from "../http/http-outcome";
import type { OutgoingHttp } from "../http/outgoing-http";
import {
  clientOf,
  crmPerson,
  filled,
  jsonHeaders,
  jsonOf,
  type OAuthProvider,
  type OAuthTargetSettings,
  refreshTokens,
  sendAuthorised,
  TokenCallError,
  tokenCall,
  tokensOf,
  trustedOrigin,
} from "../oauth/oauth-tokens";
import { summaryText } from "../summary-text";
import type { DeliveryLead, SendOutcome } from "../types";

/** Zoho's accounts servers of its data centres (US, EU, IN, AU, JP, CN, SA, UK, CA). */
const ACCOUNTS_HOSTS = /^accounts\.(zoho\.(com|eu|in|com\.au|jp|com\.cn|sa|uk)|zohocloud\.ca)$/i;
/** Zoho's API domains of the same data centres. */
const API_HOSTS = /^www\.zohoapis\.(com|eu|in|com\.au|jp|com\.cn|sa|uk|ca)$/i;

export const ZOHO_SCOPES = "ZohoCRM.modules.leads.CREATE";

/** One record of `POST /crm/v8/Leads`: Last_Name is the one mandatory field. */
export function zohoLead(lead: DeliveryLead) {
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

type ZohoRecord = { code?: string; status?: string; message?: string; details?: { id?: unknown } };

/**
 * Zoho CRM (docs/delivery.md, "OAuth targets"): the token call goes to the accounts server
 * of the user's data centre (the callback's `accounts-server`), leads to the `api_domain`
 * the token answer names, with `Authorization: Zoho-oauthtoken`. Refresh tokens stay.
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

  return {
    retrySafety: "none",
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
      const api = request.settings.api_domain ?? "";
      return sendAuthorised(request, {
        call: (token) =>
          http.request({
            method: "POST",
            url: `${api}/crm/v8/Leads`,
            headers: jsonHeaders(`Zoho-oauthtoken ${token}`),
            body: JSON.stringify({ data: [zohoLead(request.lead)], trigger: ["workflow"] }),
          }),
        expired: (response) => response.status === 401,
        refresh: (current) =>
          refreshTokens(
            http,
            `${request.settings.accounts_server || settings.authUrl}/oauth/v2/token`,
            settings,
            current,
          ),
        outcome(response): SendOutcome {
          const record = (jsonOf(response.body) as { data?: ZohoRecord[] } | null)?.data?.[0];
          const outcome = outcomeOfResponse(
            response,
            request.now,
            record?.details?.id !== undefined ? String(record.details.id) : null,
          );
          // Results are per record: a 2xx call can still hold a refused record.
          if (outcome.kind === "delivered" && record && record.status !== "success") {
            return {
              kind: "failed",
              statusCode: response.status,
              error: `${record.code ?? "error"}: ${record.message ?? ""}`.slice(0, 500),
              disable: false,
            };
          }
          return outcome;
        },
      });
    },
  };
}
