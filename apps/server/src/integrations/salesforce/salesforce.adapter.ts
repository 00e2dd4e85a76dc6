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
  REAUTHORISE_ERROR,
  refreshTokens,
  sendAuthorised,
  TokenCallError,
  tokenCall,
  tokensOf,
  trustedOrigin,
} from "../oauth/oauth-tokens";
import { summaryText } from "../summary-text";
import type { DeliveryLead } from "../types";

/** The REST API version leads are created with (a pinned one every current org has). */
export const SALESFORCE_API_VERSION = "v62.0";
/** Salesforce's own instance hosts (My Domain and classic). */
const INSTANCE_HOSTS = /^[a-z0-9-]+(\.[a-z0-9-]+)*\.(salesforce|force)\.com$/i;

/** The Lead sObject of a lead: LastName and Company are required, so never empty. */
export function salesforceLead(lead: DeliveryLead) {
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

/**
 * Salesforce (docs/delivery.md, "OAuth targets"): the web-server flow with PKCE, then
 * `POST {instance_url}/services/data/vNN.N/sobjects/Lead/`. The refresh token stays valid
 * when refreshing; 401 INVALID_SESSION_ID means the access token expired.
 */
export function createSalesforceProvider(
  http: OutgoingHttp,
  settings: OAuthTargetSettings,
): OAuthProvider {
  const tokenUrl = `${settings.authUrl}/services/oauth2/token`;
  return {
    retrySafety: "none",
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
      const instance = request.settings.instance_url ?? "";
      return sendAuthorised(request, {
        call: (token) =>
          http.request({
            method: "POST",
            url: `${instance}/services/data/${SALESFORCE_API_VERSION}/sobjects/Lead/`,
            headers: jsonHeaders(`Bearer ${token}`),
            body: JSON.stringify(salesforceLead(request.lead)),
          }),
        expired: (response) => response.status === 401,
        refresh: (current) => refreshTokens(http, tokenUrl, settings, current),
        outcome(response) {
          const id = (jsonOf(response.body) as { id?: unknown } | null)?.id;
          const outcome = outcomeOfResponse(
            response,
            request.now,
            typeof id === "string" ? id : null,
          );
          // Still refused after a refresh: the grant no longer reaches the org.
          return outcome.kind === "failed" && response.status === 401
            ? { ...outcome, error: `${REAUTHORISE_ERROR}: ${outcome.error}` }
            : outcome;
        },
      });
    },
  };
}
