import { outcomeOfError, outcomeOfResponse } from "../http/http-outcome";
import type { OutgoingHttp, OutgoingResponse } from "../http/outgoing-http";
import type { DeliveryAdapter, DeliveryLead, SendOutcome, SendRequest } from "../types";

/** An app registered with a provider (docs/delivery.md, "OAuth targets"). */
export interface OAuthClient {
  id: string;
  secret: string;
}

/** What a connection stores: tokens (sealed) and where its API is (readable). */
export interface OAuthConnection {
  secrets: Record<string, string>;
  settings: Record<string, string>;
}

/** The token endpoint refused or could not be reached. */
export class TokenCallError extends Error {
  constructor(
    /** The grant is dead (invalid_grant): the owner must authorise again. */
    readonly reauthorise: boolean,
    readonly outcome: SendOutcome,
  ) {
    super(outcome.kind === "delivered" ? "token call failed" : outcome.error);
    this.name = "TokenCallError";
  }
}

/** Answers of token endpoints that mean the code or refresh token is no good any more. */
const DEAD_GRANT = new Set([
  "invalid_grant",
  "invalid_code",
  "invalid_token",
  "expired_token",
  // HubSpot's `status` of a refused code or refresh token.
  "BAD_REFRESH_TOKEN",
  "BAD_AUTH_CODE",
]);

export const REAUTHORISE_ERROR = "reauthorisation_required";

/**
 * A form-encoded token call (authorization_code or refresh_token grant). Answers the JSON
 * with an `access_token`; throws TokenCallError otherwise (Zoho answers 200 with an `error`).
 */
export async function tokenCall(
  http: OutgoingHttp,
  url: string,
  form: Record<string, string>,
): Promise<Record<string, unknown>> {
  let response: OutgoingResponse;
  try {
    response = await http.request({
      method: "POST",
      url,
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: new URLSearchParams(form).toString(),
    });
  } catch (error) {
    throw new TokenCallError(false, outcomeOfError(error));
  }
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(response.body) as Record<string, unknown>;
  } catch {
    // Not JSON: judged by the status below.
  }
  if (response.status === 200 && typeof body.access_token === "string" && !body.error) {
    return body;
  }
  const code =
    typeof body.error === "string"
      ? body.error
      : typeof body.status === "string"
        ? body.status
        : "";
  if (DEAD_GRANT.has(code)) {
    throw new TokenCallError(true, {
      kind: "failed",
      statusCode: response.status,
      error: `${REAUTHORISE_ERROR}: ${code}`,
      disable: false,
    });
  }
  const outcome = outcomeOfResponse(response, new Date());
  throw new TokenCallError(
    false,
    outcome.kind === "delivered"
      ? { kind: "failed", statusCode: response.status, error: "no access_token", disable: false }
      : outcome,
  );
}

/**
 * What a token answer stores: every field it returned (a string, or a number as text) over
 * the stored ones, so a refresh that names a new `instance_url`, `api_domain` or refresh token
 * is kept, and one that names none keeps the stored value (docs/delivery.md, "OAuth targets").
 */
export function tokensOf(
  body: Record<string, unknown>,
  previous: Record<string, string> = {},
): Record<string, string> {
  const fields: Record<string, string> = { ...previous };
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === "string" || typeof value === "number") fields[key] = String(value);
  }
  return fields;
}

/** The refresh_token grant: the token answer over the stored secrets (tokensOf). */
export async function refreshTokens(
  http: OutgoingHttp,
  url: string,
  settings: OAuthTargetSettings,
  current: Record<string, string>,
): Promise<Record<string, string>> {
  const client = clientOf(settings);
  const body = await tokenCall(http, url, {
    grant_type: "refresh_token",
    client_id: client.id,
    client_secret: client.secret,
    refresh_token: current.refresh_token ?? "",
  });
  return tokensOf(body, current);
}

/**
 * Where a provider's API is for one connection: the origin its latest token answer named
 * (stored with the tokens by a refresh) when it is one of the provider's hosts, else the one
 * of the connection (settings, from the code exchange).
 */
export function apiOrigin(
  secrets: Record<string, string>,
  settings: Record<string, string>,
  field: string,
  hosts: RegExp,
  extra: string | undefined,
): string {
  return trustedOrigin(secrets[field], hosts, extra) ?? settings[field] ?? "";
}

/** Headers of a CRM's JSON call with `authorization`. */
export const jsonHeaders = (authorization: string) => ({
  authorization,
  "content-type": "application/json",
  accept: "application/json",
});

/** The origin of a URL a provider gave, when it is https on one of its hosts (or `extra`). */
export function trustedOrigin(
  value: unknown,
  hosts: RegExp,
  extra: string | undefined,
): string | null {
  if (typeof value !== "string" || !URL.canParse(value)) return null;
  const url = new URL(value);
  if (extra && url.origin === new URL(extra).origin) return value.replace(/\/+$/, "");
  return url.protocol === "https:" && hosts.test(url.hostname) ? url.origin : null;
}

export interface AuthorisedSend<T = SendOutcome> {
  /** The target's call with the connection's secrets (`access_token`, a refreshed origin). */
  call(secrets: Record<string, string>): Promise<OutgoingResponse>;
  /** The answer says the access token is no good (expired, revoked). */
  expired(response: OutgoingResponse): boolean;
  /** New tokens for the stored ones (throws TokenCallError). */
  refresh(current: Record<string, string>): Promise<Record<string, string>>;
  /** The outcome of the target's answer (for a lookup: the record found, or null). */
  outcome(response: OutgoingResponse, secrets: Record<string, string>): Promise<T> | T;
}

/**
 * One try with an OAuth access token (docs/delivery.md, "OAuth targets"): on an expired
 * token, refreshes once under the integration's lock — a concurrent try that refreshed
 * first is used as is, so a rotated refresh token is never lost — and calls again. A
 * refused refresh token fails the delivery and marks the integration for re-authorisation.
 */
export async function sendAuthorised<T = SendOutcome>(
  request: SendRequest,
  send: AuthorisedSend<T>,
): Promise<T | SendOutcome> {
  try {
    const used = request.secrets.access_token ?? "";
    let secrets = request.secrets;
    let response = await send.call(secrets);
    if (send.expired(response) && request.credentials) {
      let fresh: Record<string, string>;
      try {
        fresh = await request.credentials.update(async (current) =>
          current.access_token !== used ? null : { ...current, ...(await send.refresh(current)) },
        );
      } catch (error) {
        if (!(error instanceof TokenCallError)) throw error;
        if (error.reauthorise) await request.credentials.needsReauthorisation();
        return error.outcome;
      }
      secrets = fresh;
      response = await send.call(secrets);
    }
    return await send.outcome(response, secrets);
  } catch (error) {
    return outcomeOfError(error);
  }
}

export function jsonOf(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return null;
  }
}

/** A provider's settings from the server's configuration (config.ts `oauthTargets`). */
export interface OAuthTargetSettings {
  client: OAuthClient | undefined;
  authUrl: string;
  apiUrl: string | undefined;
}

/** An OAuth CRM: its consent link, the code exchange of the callback, and the adapter. */
export interface OAuthProvider extends DeliveryAdapter {
  authorizeUrl(p: { state: string; codeChallenge: string; redirectUri: string }): string;
  /** The callback's code → tokens (throws TokenCallError). */
  exchange(p: {
    code: string;
    query: Record<string, string>;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<OAuthConnection>;
  /** Where the connection's leads go, for the owner to see (null: nothing to show). */
  account(settings: Record<string, string>): string | null;
}

/** The client of a provider, or the reason it cannot be used. */
export function clientOf(settings: OAuthTargetSettings): OAuthClient {
  if (!settings.client) {
    throw new TokenCallError(false, {
      kind: "failed",
      statusCode: null,
      error: "oauth_not_configured",
      disable: false,
    });
  }
  return settings.client;
}

/**
 * A lead as a CRM person whose last name and company are required: never empty (the name,
 * else the e-mail or phone, else "Quiz lead"); the first name only when there is a last one.
 */
export function crmPerson(lead: DeliveryLead) {
  const { first, last } = nameParts(lead.name);
  return {
    first: last ? first : "",
    last: last || first || lead.email || lead.phone || "Quiz lead",
    company: lead.name.trim() || "Quiz lead",
  };
}

/** Leaves out the empty fields (CRMs store "" as a value). */
export const filled = (fields: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== ""));

/** First and last name of a lead's name (split on the first space). */
export function nameParts(name: string): { first: string; last: string } {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  return { first, last: rest.join(" ") };
}

/**
 * A refused or limited try as the service named it (`CODE: its message`, then our HTTP
 * status), waiting at least `waitMs` when given and the service named no later time.
 */
export function serviceError(
  outcome: SendOutcome,
  code: string,
  message: string,
  waitMs: number | null = null,
): SendOutcome {
  if (outcome.kind === "delivered" || outcome.kind === "skipped") return outcome;
  const error = `${code}: ${message} (HTTP ${outcome.statusCode ?? "-"})`.slice(0, 500);
  if (outcome.kind === "failed") return { ...outcome, error };
  const retryAfterMs =
    waitMs === null ? outcome.retryAfterMs : Math.max(outcome.retryAfterMs ?? 0, waitMs);
  return { ...outcome, error, retryAfterMs };
}

/** A try that must wait (a quota): `retry` whatever the status said. */
export function waiting(outcome: SendOutcome): SendOutcome {
  if (outcome.kind !== "failed") return outcome;
  return {
    kind: "retry",
    statusCode: outcome.statusCode,
    error: outcome.error,
    retryAfterMs: null,
  };
}
