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
  tokenCall,
  tokensOf,
} from "../oauth/oauth-tokens";
import { summaryText } from "../summary-text";
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

/**
 * HubSpot (docs/delivery.md, "OAuth targets"): `POST /crm/v3/objects/contacts` with the
 * account's access token; an e-mail HubSpot already has (409 "Existing ID: N") updates that
 * contact instead. Access tokens live 30 minutes; the refresh token may rotate.
 */
export function createHubspotProvider(
  http: OutgoingHttp,
  settings: OAuthTargetSettings,
): OAuthProvider {
  const api = settings.apiUrl ?? "https://api.hubapi.com";
  const tokenUrl = `${api}/oauth/v1/token`;
  const json = (token: string) => jsonHeaders(`Bearer ${token}`);

  return {
    retrySafety: "none",
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
      const create = (token: string) =>
        http.request({
          method: "POST",
          url: `${api}/crm/v3/objects/contacts`,
          headers: json(token),
          body: JSON.stringify({ properties }),
        });
      let token = request.secrets.access_token ?? "";
      return sendAuthorised(request, {
        call: (accessToken) => {
          token = accessToken;
          return create(accessToken);
        },
        expired: (response: OutgoingResponse) => response.status === 401,
        refresh: (current) => refreshTokens(http, tokenUrl, settings, current),
        async outcome(response) {
          const existing = response.status === 409 ? existingIdOf(response.body) : null;
          if (!existing) return outcomeOfResponse(response, request.now, idOf(response.body));
          const update = await http.request({
            method: "PATCH",
            url: `${api}/crm/v3/objects/contacts/${existing}`,
            headers: json(token),
            body: JSON.stringify({ properties }),
          });
          return outcomeOfResponse(update, request.now, existing);
        },
      });
    },
  };
}
