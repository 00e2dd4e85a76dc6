import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeProviderName = "hubspot" | "salesforce" | "zoho";
const PROVIDERS: FakeProviderName[] = ["hubspot", "salesforce", "zoho"];

export interface FakeOAuthProvider {
  /** The login / accounts server (consent pages, Salesforce's and Zoho's token calls). */
  authUrl: string;
  /** The API server (HubSpot's token call, the CRMs' records): another host than authUrl. */
  apiUrl: string;
  /** The server's environment pointing every provider here, with the client ids and secrets. */
  env: Record<string, string>;
  /** What each CRM stored (request bodies as received). */
  records: Record<FakeProviderName, Record<string, unknown>[]>;
  /** Token calls, in order (`grant_type` and provider). */
  tokenCalls: { provider: FakeProviderName; grant: string }[];
  /** Problems found in requests (a test expects none). */
  problems: string[];
  /** Every access token handed out so far by the provider stops working (401). */
  expireAccessTokens(provider: FakeProviderName): void;
  /** Every refresh token of the provider is refused (invalid_grant). */
  revokeRefreshTokens(provider: FakeProviderName): void;
  /**
   * The provider's creates are made and kept, but answered only after `ms` (0: at once):
   * a client that timed out lost the answer of a record that exists.
   */
  answerCreatesAfter(provider: FakeProviderName, ms: number): void;
  /**
   * Every call answers the provider's documented limit error (null: none): HubSpot's 429 with
   * `policyName` DAILY or TEN_SECONDLY_ROLLING, Salesforce's 403 REQUEST_LIMIT_EXCEEDED,
   * Zoho's 429 TOO_MANY_REQUESTS.
   */
  limit(
    provider: FakeProviderName,
    policy: "DAILY" | "TEN_SECONDLY_ROLLING" | "quota" | null,
  ): void;
  /** The provider's searches and queries answer 503 (its API having a bad moment). */
  failLookups(provider: FakeProviderName, on: boolean): void;
  /** Salesforce's refresh answers name another instance_url from now on (an org moved). */
  moveSalesforceInstance(): void;
  /** Zoho treats Phone as a unique field (an owner's setting): a repeated one is DUPLICATE_DATA. */
  zohoUniquePhone(on: boolean): void;
  /**
   * The records each CRM holds now (one per contact or lead, updates merged): its id and
   * the text field that carries the lead's summary (`message`, `Description`).
   */
  held(provider: FakeProviderName): { id: string; email: string; text: string }[];
  /** Every call to the CRMs, in order: provider, method and path (without the query). */
  calls: { provider: FakeProviderName; method: string; path: string }[];
  close(): Promise<void>;
}

interface Grant {
  provider: FakeProviderName;
  redirectUri: string;
  challenge: string | undefined;
}

const SCOPES: Record<FakeProviderName, string[]> = {
  hubspot: ["crm.objects.contacts.write", "crm.objects.contacts.read"],
  salesforce: ["api", "refresh_token"],
  zoho: ["ZohoCRM.modules.leads.CREATE", "ZohoCRM.modules.leads.READ"],
};
const HUBSPOT_PROPERTIES = new Set(["email", "firstname", "lastname", "phone", "message"]);
const ZOHO_FIELDS = new Set([
  "First_Name",
  "Last_Name",
  "Company",
  "Email",
  "Phone",
  "Description",
]);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function answer(response: ServerResponse, status: number, body: unknown) {
  if (response.destroyed) return;
  if (status === 204) {
    response.writeHead(204);
    response.end();
    return;
  }
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A SOQL string literal's value (the escapes of soqlText undone). */
const soqlValue = (literal: string) =>
  literal.replace(/\\(.)/g, (_m, c: string) => ({ n: "\n", r: "\r", t: "\t" })[c] ?? c);

/** The one SOQL the Salesforce adapter asks (salesforceLookupQuery); anything else is refused. */
const SOQL =
  /^SELECT Id, Description FROM Lead WHERE CreatedDate >= (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ) AND LastName = '((?:[^'\\]|\\.)*)' AND Company = '((?:[^'\\]|\\.)*)' ORDER BY CreatedDate DESC LIMIT 200$/;

/** Zoho's search criteria of one field: `(Field:equals:value)`, `(`, `)` and `,` escaped. */
const ZOHO_CRITERIA = /^\((\w+):equals:((?:[^()\\,]|\\.)*)\)$/;

async function listen(server: Server, host: string): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return `http://${host}:${(server.address() as AddressInfo).port}`;
}

/**
 * HubSpot, Salesforce and Zoho as one local fake (docs/delivery.md, "OAuth targets"; the
 * facts of each in integrations.md sections 5–7), for route, adapter and browser tests:
 * - consent pages (`/hubspot/oauth/authorize`, `/salesforce/services/oauth2/authorize`,
 *   `/zoho/oauth/v2/auth`) that check client id, redirect URI, scopes and state, and show an
 *   "Allow" button sending the browser back with `code` and `state` (Zoho adds `location` and
 *   `accounts-server`, another path than the one configured, where its token call must go);
 * - token endpoints (authorization_code with the registered redirect URI, Salesforce's PKCE
 *   verifier, client credentials; refresh_token: HubSpot rotates it, the others keep it);
 * - the CRMs (docs/delivery.md, "Exactly once at the target"): HubSpot contacts (409
 *   "Existing ID" on a known e-mail, PATCH, the search API), Salesforce's Lead sObject and the
 *   one SOQL query the adapter asks on the instance_url, Zoho's Leads (insert with its Email
 *   duplicate check, upsert on `duplicate_check_fields`, DUPLICATE_DATA on a unique field,
 *   search answering 204 when nothing matches) on the api_domain with `Zoho-oauthtoken`;
 * - the services' documented limit errors, searches that fail, and creates answered late.
 */
export async function startFakeOAuthProvider(options: {
  /** PUBLIC_URL of the server: the redirect URIs are its `/api/v1/oauth/{provider}/callback/`. */
  publicUrl: string;
}): Promise<FakeOAuthProvider> {
  const clients = Object.fromEntries(
    PROVIDERS.map((p) => [
      p,
      { id: `${p}-client`, secret: `${p}-secret-${randomBytes(6).toString("hex")}` },
    ]),
  ) as Record<FakeProviderName, { id: string; secret: string }>;
  const redirectUri = (p: FakeProviderName) =>
    `${options.publicUrl.replace(/\/+$/, "")}/api/v1/oauth/${p}/callback/`;
  const codes = new Map<string, Grant>();
  const accessTokens = new Map<string, { provider: FakeProviderName; live: boolean }>();
  const refreshTokens = new Map<string, FakeProviderName>();
  const records: FakeOAuthProvider["records"] = { hubspot: [], salesforce: [], zoho: [] };
  const tokenCalls: FakeOAuthProvider["tokenCalls"] = [];
  const problems: string[] = [];
  const hubspotIds = new Map<string, number>();
  let authUrl = "";
  let apiUrl = "";
  let salesforceInstance = "salesforce";

  const newToken = (prefix: string) => `${prefix}-${randomBytes(12).toString("hex")}`;
  function issue(provider: FakeProviderName, withRefresh: boolean) {
    const access = newToken(`${provider}-at`);
    accessTokens.set(access, { provider, live: true });
    const tokens: Record<string, unknown> = { access_token: access };
    if (withRefresh) {
      const refresh = newToken(`${provider}-rt`);
      refreshTokens.set(refresh, provider);
      tokens.refresh_token = refresh;
    }
    if (provider === "hubspot") Object.assign(tokens, { expires_in: 1800, token_type: "bearer" });
    if (provider === "salesforce") {
      Object.assign(tokens, {
        instance_url: `${apiUrl}/${salesforceInstance}`,
        id: `${authUrl}/id/00D/005`,
        token_type: "Bearer",
        issued_at: String(Date.now()),
        signature: "sig",
        scope: "api refresh_token",
      });
    }
    if (provider === "zoho") {
      Object.assign(tokens, {
        api_domain: `${apiUrl}/zoho`,
        token_type: "Bearer",
        expires_in: 3600,
      });
    }
    return tokens;
  }

  function consent(provider: FakeProviderName, url: URL, response: ServerResponse) {
    const q = url.searchParams;
    const problem = (what: string) => {
      problems.push(`${provider} authorize: ${what}`);
      response.writeHead(400, { "content-type": "text/plain" });
      response.end(`bad request: ${what}`);
    };
    if (q.get("client_id") !== clients[provider].id) return problem("client_id");
    if (q.get("redirect_uri") !== redirectUri(provider)) return problem("redirect_uri");
    const scope = (q.get("scope") ?? "").split(provider === "zoho" ? "," : " ");
    if (!SCOPES[provider].every((s) => scope.includes(s))) return problem("scope");
    const state = q.get("state");
    if (!state) return problem("state");
    if (provider !== "hubspot" && q.get("response_type") !== "code")
      return problem("response_type");
    if (
      provider === "salesforce" &&
      (q.get("code_challenge_method") !== "S256" || !q.get("code_challenge"))
    ) {
      return problem("pkce");
    }
    if (provider === "zoho" && q.get("access_type") !== "offline") return problem("access_type");
    const code = newToken(`${provider}-code`);
    codes.set(code, {
      provider,
      redirectUri: redirectUri(provider),
      challenge: q.get("code_challenge") ?? undefined,
    });
    const back = new URL(redirectUri(provider));
    back.searchParams.set("code", code);
    back.searchParams.set("state", state);
    if (provider === "zoho") {
      back.searchParams.set("location", "eu");
      back.searchParams.set("accounts-server", `${authUrl}/zoho-eu`);
    }
    const denied = new URL(redirectUri(provider));
    denied.searchParams.set("error", "access_denied");
    denied.searchParams.set("state", state);
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end(`<!doctype html><html lang="en"><head><title>Fake ${provider}: allow access</title></head>
<body><main><h1>Allow Leadquiz to reach your ${provider} account?</h1>
<form method="get" action="${escapeHtml(`${back.origin}${back.pathname}`)}">
${[...back.searchParams].map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join("\n")}
<button type="submit">Allow</button></form>
<p><a href="${escapeHtml(denied.toString())}">Deny</a></p></main></body></html>`);
  }

  async function token(
    provider: FakeProviderName,
    request: IncomingMessage,
    response: ServerResponse,
  ) {
    const problem = (what: string, status = 400, body: unknown = { error: "invalid_request" }) => {
      problems.push(`${provider} token: ${what}`);
      return answer(response, status, body);
    };
    if (request.method !== "POST") return problem("method");
    if (!String(request.headers["content-type"]).startsWith("application/x-www-form-urlencoded")) {
      return problem("content-type");
    }
    const form = new URLSearchParams(await bodyOf(request));
    const grant = form.get("grant_type") ?? "";
    tokenCalls.push({ provider, grant });
    if (
      form.get("client_id") !== clients[provider].id ||
      form.get("client_secret") !== clients[provider].secret
    ) {
      return problem("client credentials", 401, { error: "invalid_client" });
    }
    if (grant === "authorization_code") {
      const code = form.get("code") ?? "";
      const saved = codes.get(code);
      codes.delete(code);
      if (!saved || saved.provider !== provider)
        return problem("code", 400, { error: "invalid_grant" });
      if (form.get("redirect_uri") !== saved.redirectUri)
        return problem("redirect_uri", 400, { error: "invalid_grant" });
      if (provider === "salesforce") {
        const verifier = form.get("code_verifier") ?? "";
        const challenge = createHash("sha256").update(verifier).digest("base64url");
        if (challenge !== saved.challenge)
          return problem("code_verifier", 400, { error: "invalid_grant" });
      }
      return answer(response, 200, issue(provider, true));
    }
    if (grant === "refresh_token") {
      const refresh = form.get("refresh_token") ?? "";
      if (refreshTokens.get(refresh) !== provider) {
        // Each provider's own way of saying the refresh token is dead (integrations.md).
        if (provider === "hubspot") {
          return answer(response, 400, {
            status: "BAD_REFRESH_TOKEN",
            message: "missing or unknown refresh token",
          });
        }
        if (provider === "zoho") return answer(response, 200, { error: "invalid_code" });
        return answer(response, 400, {
          error: "invalid_grant",
          error_description: "expired access/refresh token",
        });
      }
      // HubSpot may rotate the refresh token: the old one stops working.
      if (provider === "hubspot") refreshTokens.delete(refresh);
      return answer(response, 200, issue(provider, provider === "hubspot"));
    }
    return problem(`grant_type ${grant}`, 400, { error: "unsupported_grant_type" });
  }

  const live = (provider: FakeProviderName, header: string | undefined, scheme: string) => {
    const prefix = `${scheme} `;
    if (!header?.startsWith(prefix)) return false;
    const saved = accessTokens.get(header.slice(prefix.length));
    return saved?.provider === provider && saved.live;
  };

  const afterCreate: Record<FakeProviderName, number> = { hubspot: 0, salesforce: 0, zoho: 0 };
  const limits: Partial<Record<FakeProviderName, string>> = {};
  const lookupsFail: Record<FakeProviderName, boolean> = {
    hubspot: false,
    salesforce: false,
    zoho: false,
  };
  const calls: FakeOAuthProvider["calls"] = [];
  /** Contacts, Leads and Zoho leads as the CRMs hold them (id, fields, when made). */
  const hubspotContacts: { id: number; properties: Record<string, string>; createdAt: number }[] =
    [];
  const salesforceLeads: { id: string; fields: Record<string, unknown>; createdAt: number }[] = [];
  const zohoLeads: { id: string; fields: Record<string, unknown> }[] = [];
  let zohoPhoneUnique = false;

  /** A create made, then answered after the provider's delay (the lost answer). */
  async function created(
    provider: FakeProviderName,
    response: ServerResponse,
    status: number,
    body: unknown,
  ) {
    if (afterCreate[provider] > 0) await sleep(afterCreate[provider]);
    answer(response, status, body);
  }

  function limited(provider: FakeProviderName, response: ServerResponse): boolean {
    const policy = limits[provider];
    if (!policy) return false;
    if (provider === "hubspot") {
      answer(response, 429, {
        status: "error",
        message:
          policy === "DAILY"
            ? "You have reached your daily limit."
            : "You have reached your ten_secondly_rolling limit.",
        errorType: "RATE_LIMIT",
        correlationId: "c033cdaa-2c40-4a64-ae48-b4cec88dad24",
        policyName: policy,
        requestId: "3d3e35b7-0dae-4b9f-a6e3-9c230cbcf8dd",
      });
    } else if (provider === "salesforce") {
      answer(response, 403, [
        { message: "TotalRequests Limit exceeded.", errorCode: "REQUEST_LIMIT_EXCEEDED" },
      ]);
    } else {
      answer(response, 429, {
        code: "TOO_MANY_REQUESTS",
        details: {},
        message: "The API call limit has been exceeded",
        status: "error",
      });
    }
    return true;
  }

  async function hubspot(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    body: Record<string, unknown>,
  ) {
    if (path === "/hubspot/crm/v3/objects/contacts/search" && request.method === "POST") {
      if (lookupsFail.hubspot) return answer(response, 503, { status: "error", message: "busy" });
      const groups = body.filterGroups as
        | { filters?: { propertyName?: string; operator?: string; value?: string }[] }[]
        | undefined;
      const filters = groups?.[0]?.filters ?? [];
      if (groups?.length !== 1 || filters.length === 0) problems.push("hubspot: search filters");
      const matches = (contact: (typeof hubspotContacts)[number]) =>
        filters.every((f) => {
          if (f.propertyName === "createdate" && f.operator === "GTE") {
            return contact.createdAt >= Number(f.value);
          }
          if (f.operator !== "EQ" || !f.propertyName || !HUBSPOT_PROPERTIES.has(f.propertyName)) {
            problems.push(`hubspot: filter ${f.propertyName} ${f.operator}`);
            return false;
          }
          return (
            (contact.properties[f.propertyName] ?? "").toLowerCase() ===
            String(f.value).toLowerCase()
          );
        });
      const wanted = Array.isArray(body.properties) ? (body.properties as string[]) : [];
      const results = hubspotContacts.filter(matches).map((c) => ({
        id: String(c.id),
        properties: {
          ...Object.fromEntries(wanted.map((k) => [k, c.properties[k] ?? null])),
          createdate: new Date(c.createdAt).toISOString(),
          hs_object_id: String(c.id),
        },
        archived: false,
      }));
      return answer(response, 200, { total: results.length, results });
    }
    const properties = body.properties as Record<string, unknown> | undefined;
    if (!properties || Object.values(properties).some((v) => typeof v !== "string")) {
      problems.push("hubspot: properties");
      return answer(response, 400, { status: "error", category: "VALIDATION_ERROR" });
    }
    const unknown = Object.keys(properties).filter((k) => !HUBSPOT_PROPERTIES.has(k));
    if (unknown.length > 0) {
      problems.push(`hubspot: unknown properties ${unknown.join(",")}`);
      return answer(response, 400, { status: "error", category: "VALIDATION_ERROR" });
    }
    const patch = /^\/hubspot\/crm\/v3\/objects\/contacts\/(\d+)$/.exec(path);
    if (request.method === "PATCH" && patch) {
      records.hubspot.push({ ...body, updated: Number(patch[1]) });
      const contact = hubspotContacts.find((c) => c.id === Number(patch[1]));
      if (contact) Object.assign(contact.properties, properties);
      return answer(response, 200, { id: patch[1], properties });
    }
    if (request.method !== "POST" || path !== "/hubspot/crm/v3/objects/contacts") {
      return answer(response, 404, { status: "error", message: "not found" });
    }
    if (!["email", "firstname", "lastname"].some((k) => properties[k])) {
      problems.push("hubspot: no email/firstname/lastname");
      return answer(response, 400, { status: "error", category: "VALIDATION_ERROR" });
    }
    const email = String(properties.email ?? "");
    const existing = email ? hubspotIds.get(email) : undefined;
    if (existing) {
      return answer(response, 409, {
        status: "error",
        message: `Contact already exists. Existing ID: ${existing}`,
        category: "CONFLICT",
      });
    }
    const id = 1000 + records.hubspot.length + 1;
    if (email) hubspotIds.set(email, id);
    records.hubspot.push(body);
    hubspotContacts.push({
      id,
      properties: properties as Record<string, string>,
      createdAt: Date.now(),
    });
    return created("hubspot", response, 201, { id: String(id), properties, archived: false });
  }

  async function salesforce(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    query: URLSearchParams,
    body: Record<string, unknown>,
  ) {
    const api = /^\/salesforce(-moved)?\/services\/data\/v\d+\.\d(\/.*)$/.exec(path)?.[2];
    if (request.method === "GET" && api === "/query") {
      if (lookupsFail.salesforce) {
        return answer(response, 503, [{ errorCode: "SERVER_UNAVAILABLE", message: "busy" }]);
      }
      const soql = SOQL.exec(query.get("q") ?? "");
      if (!soql) {
        problems.push(`salesforce: soql ${query.get("q")}`);
        return answer(response, 400, [{ errorCode: "MALFORMED_QUERY", message: "unexpected" }]);
      }
      const since = Date.parse(soql[1] ?? "");
      const found = salesforceLeads
        .filter(
          (l) =>
            l.createdAt >= since &&
            l.fields.LastName === soqlValue(soql[2] ?? "") &&
            l.fields.Company === soqlValue(soql[3] ?? ""),
        )
        .reverse()
        .map((l) => ({
          attributes: { type: "Lead", url: `/services/data/v62.0/sobjects/Lead/${l.id}` },
          Id: l.id,
          Description: l.fields.Description ?? null,
        }));
      return answer(response, 200, { totalSize: found.length, done: true, records: found });
    }
    if (request.method !== "POST" || api !== "/sobjects/Lead/") {
      return answer(response, 404, [
        { errorCode: "NOT_FOUND", message: "The requested resource does not exist" },
      ]);
    }
    const missing = ["LastName", "Company"].filter((k) => !body[k]);
    if (missing.length > 0) {
      problems.push(`salesforce: missing ${missing.join(",")}`);
      return answer(response, 400, [
        {
          message: "Required fields are missing",
          errorCode: "REQUIRED_FIELD_MISSING",
          fields: missing,
        },
      ]);
    }
    records.salesforce.push(body);
    const id = `00Q${String(records.salesforce.length).padStart(12, "0")}`;
    salesforceLeads.push({ id, fields: body, createdAt: Date.now() });
    return created("salesforce", response, 201, { id, success: true, errors: [] });
  }

  const zohoError = (code: string, message: string, details: unknown = {}) => ({
    code,
    details,
    message,
    status: "error",
  });

  async function zoho(
    request: IncomingMessage,
    response: ServerResponse,
    path: string,
    query: URLSearchParams,
    body: Record<string, unknown>,
  ) {
    if (request.method === "GET" && path === "/zoho/crm/v8/Leads/search") {
      if (lookupsFail.zoho) return answer(response, 503, zohoError("INTERNAL_ERROR", "busy"));
      const criteria = ZOHO_CRITERIA.exec(query.get("criteria") ?? "");
      if (!criteria || !["Phone", "Last_Name"].includes(criteria[1] ?? "")) {
        problems.push(`zoho: criteria ${query.get("criteria")}`);
        return answer(response, 400, zohoError("INVALID_QUERY", "invalid criteria"));
      }
      const field = criteria[1] ?? "";
      const value = (criteria[2] ?? "").replace(/\\(.)/g, "$1");
      const fields = (query.get("fields") ?? "").split(",");
      const found = zohoLeads
        .filter((l) => l.fields[field] === value)
        .reverse()
        .map((l) => ({
          id: l.id,
          ...Object.fromEntries(fields.map((f) => [f, l.fields[f] ?? null])),
        }));
      // Zoho answers 204 without a body when nothing matches.
      if (found.length === 0) return answer(response, 204, null);
      return answer(response, 200, {
        data: found,
        info: { per_page: 200, count: found.length, page: 1, more_records: false },
      });
    }
    const upsert = path === "/zoho/crm/v8/Leads/upsert";
    if (request.method !== "POST" || (path !== "/zoho/crm/v8/Leads" && !upsert)) {
      return answer(response, 404, {
        code: "INVALID_URL_PATTERN",
        details: {},
        message: "Please check if the URL trying to access is a correct one",
        status: "error",
      });
    }
    const data = body.data;
    const record = Array.isArray(data) ? (data[0] as Record<string, unknown>) : undefined;
    if (!record) {
      problems.push("zoho: data is not an array");
      return answer(response, 400, zohoError("INVALID_DATA", "invalid data"));
    }
    const unknown = Object.keys(record).filter((k) => !ZOHO_FIELDS.has(k));
    if (unknown.length > 0 || !record.Last_Name) {
      problems.push(`zoho: fields ${unknown.join(",")} / Last_Name`);
      return answer(response, 400, {
        data: [
          zohoError("MANDATORY_NOT_FOUND", "required field not found", { api_name: "Last_Name" }),
        ],
      });
    }
    // Upsert matches on the duplicate check fields asked for (the system's, Email, else).
    const checks = upsert
      ? Array.isArray(body.duplicate_check_fields)
        ? (body.duplicate_check_fields as string[])
        : ["Email"]
      : [];
    const match = zohoLeads.find((l) =>
      checks.some((f) => record[f] !== undefined && l.fields[f] === record[f]),
    );
    // Zoho's system duplicate check on Email for an insert, and a unique field of the owner's.
    const duplicateOf = (field: string) =>
      record[field] !== undefined
        ? zohoLeads.find((l) => l !== match && l.fields[field] === record[field])
        : undefined;
    const duplicate =
      (!upsert && duplicateOf("Email")) || (zohoPhoneUnique ? duplicateOf("Phone") : undefined);
    if (duplicate) {
      const field = !upsert && duplicateOf("Email") ? "Email" : "Phone";
      return answer(response, 400, {
        data: [
          zohoError("DUPLICATE_DATA", "duplicate data", {
            api_name: field,
            json_path: `$.data[0].${field}`,
            duplicate_record: {
              module: { api_name: "Leads", id: "4150868000000002175" },
              id: duplicate.id,
              Owner: { name: "Owner", id: "4150868000000225013" },
            },
          }),
        ],
      });
    }
    records.zoho.push(body);
    if (match) {
      Object.assign(match.fields, record);
      return answer(response, 200, {
        data: [
          {
            code: "SUCCESS",
            duplicate_field: checks.find((f) => match.fields[f] === record[f]) ?? null,
            action: "update",
            details: { id: match.id, Modified_Time: new Date().toISOString() },
            message: "record updated",
            status: "success",
          },
        ],
      });
    }
    const id = String(4150868000000 + zohoLeads.length + 1);
    zohoLeads.push({ id, fields: { ...record } });
    return created("zoho", response, 201, {
      data: [
        {
          code: "SUCCESS",
          ...(upsert ? { duplicate_field: null, action: "insert" } : {}),
          details: { id },
          message: "record added",
          status: "success",
        },
      ],
    });
  }

  async function crm(request: IncomingMessage, response: ServerResponse, url: URL) {
    const path = url.pathname;
    const auth = request.headers.authorization;
    const text = request.method === "GET" ? "" : await bodyOf(request);
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      problems.push(`${path}: not JSON`);
    }
    const provider = PROVIDERS.find((p) => path.startsWith(`/${p}`));
    if (!provider) return answer(response, 404, { error: "not found" });
    calls.push({ provider, method: request.method ?? "", path });
    if (provider === "hubspot") {
      if (!live("hubspot", auth, "Bearer")) {
        return answer(response, 401, {
          status: "error",
          message: "The OAuth token used to make this call expired 1 minute(s) ago.",
          category: "EXPIRED_AUTHENTICATION",
        });
      }
      if (limited("hubspot", response)) return;
      return hubspot(request, response, path, body);
    }
    if (provider === "salesforce") {
      if (!live("salesforce", auth, "Bearer")) {
        return answer(response, 401, [
          { message: "Session expired or invalid", errorCode: "INVALID_SESSION_ID" },
        ]);
      }
      if (limited("salesforce", response)) return;
      return salesforce(request, response, path, url.searchParams, body);
    }
    if (!live("zoho", auth, "Zoho-oauthtoken")) {
      if (auth?.startsWith("Bearer")) problems.push("zoho: Bearer instead of Zoho-oauthtoken");
      return answer(response, 401, zohoError("INVALID_TOKEN", "invalid oauth token"));
    }
    if (limited("zoho", response)) return;
    return zoho(request, response, path, url.searchParams, body);
  }

  const handle = (side: "auth" | "api") => (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://fake");
    const path = url.pathname;
    const run = async () => {
      if (side === "auth") {
        if (path === "/hubspot/oauth/authorize") return consent("hubspot", url, response);
        if (path === "/salesforce/services/oauth2/authorize")
          return consent("salesforce", url, response);
        if (path === "/zoho/oauth/v2/auth") return consent("zoho", url, response);
        if (path === "/salesforce/services/oauth2/token")
          return token("salesforce", request, response);
        // Zoho's token call must go to the data centre the callback named.
        if (path === "/zoho-eu/oauth/v2/token") return token("zoho", request, response);
        if (path === "/zoho/oauth/v2/token") {
          problems.push("zoho token call not on the accounts-server of the callback");
          return answer(response, 200, { error: "invalid_code" });
        }
        return answer(response, 404, { error: "not found" });
      }
      if (path === "/hubspot/oauth/v1/token") return token("hubspot", request, response);
      return crm(request, response, url);
    };
    run().catch((error: unknown) => {
      problems.push(`fake failed: ${String(error)}`);
      if (!response.headersSent) answer(response, 500, { error: "fake failed" });
    });
  };

  const authServer = createServer(handle("auth"));
  const apiServer = createServer(handle("api"));
  authUrl = await listen(authServer, "127.0.0.1");
  // Another host name than the login server's, as a real instance_url / api_domain is.
  apiUrl = await listen(apiServer, "127.0.0.2");

  const env: Record<string, string> = {
    HUBSPOT_CLIENT_ID: clients.hubspot.id,
    HUBSPOT_CLIENT_SECRET: clients.hubspot.secret,
    HUBSPOT_AUTH_URL: `${authUrl}/hubspot/oauth/authorize`,
    HUBSPOT_API_URL: `${apiUrl}/hubspot`,
    SALESFORCE_CLIENT_ID: clients.salesforce.id,
    SALESFORCE_CLIENT_SECRET: clients.salesforce.secret,
    SALESFORCE_AUTH_URL: `${authUrl}/salesforce`,
    SALESFORCE_API_URL: apiUrl,
    ZOHO_CLIENT_ID: clients.zoho.id,
    ZOHO_CLIENT_SECRET: clients.zoho.secret,
    ZOHO_AUTH_URL: `${authUrl}/zoho`,
    ZOHO_API_URL: apiUrl,
  };
  const close = (server: Server) =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });

  return {
    authUrl,
    apiUrl,
    env,
    records,
    tokenCalls,
    problems,
    expireAccessTokens(provider) {
      for (const saved of accessTokens.values())
        if (saved.provider === provider) saved.live = false;
    },
    revokeRefreshTokens(provider) {
      for (const [refresh, owner] of refreshTokens)
        if (owner === provider) refreshTokens.delete(refresh);
    },
    answerCreatesAfter(provider, ms) {
      afterCreate[provider] = ms;
    },
    limit(provider, policy) {
      if (policy) limits[provider] = policy;
      else delete limits[provider];
    },
    failLookups(provider, on) {
      lookupsFail[provider] = on;
    },
    moveSalesforceInstance() {
      salesforceInstance = "salesforce-moved";
    },
    zohoUniquePhone(on) {
      zohoPhoneUnique = on;
    },
    calls,
    held(provider) {
      if (provider === "hubspot") {
        return hubspotContacts.map((c) => ({
          id: String(c.id),
          email: c.properties.email ?? "",
          text: c.properties.message ?? "",
        }));
      }
      return (provider === "salesforce" ? salesforceLeads : zohoLeads).map((l) => ({
        id: l.id,
        email: String(l.fields.Email ?? ""),
        text: String(l.fields.Description ?? ""),
      }));
    },
    close: async () => {
      await Promise.all([close(authServer), close(apiServer)]);
    },
  };
}
