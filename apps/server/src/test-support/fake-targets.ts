import { createHash } from "node:crypto";
import { type FakeReply, type FakeRequest, isEmail, startFakeServer } from "./fake-target";

/**
 * The token targets' APIs on loopback, as docs/delivery.md describes them: each checks the
 * auth and the exact request shape (what is wrong goes into `problems`, which a test expects
 * empty), keeps what it accepted, answers the target's own errors and, while `limit(true)`,
 * its rate-limit answer.
 */
export interface FakeTarget<T> {
  /** The `<TARGET>_API_URL` for the app. */
  url: string;
  accepted: T[];
  problems: string[];
  requests: FakeRequest[];
  limit(on: boolean): void;
  close(): Promise<void>;
}

type Json = Record<string, unknown>;
const obj = (value: unknown): Json =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {};

async function fake<T>(
  url: (base: string) => string,
  handle: (request: FakeRequest, state: { accepted: T[]; problems: string[] }) => FakeReply,
  limitReply: FakeReply,
): Promise<FakeTarget<T>> {
  const accepted: T[] = [];
  const problems: string[] = [];
  let limited = false;
  const server = await startFakeServer((request) =>
    limited ? limitReply : handle(request, { accepted, problems }),
  );
  return {
    url: url(server.url),
    accepted,
    problems,
    requests: server.requests,
    limit(on) {
      limited = on;
    },
    close: server.close,
  };
}

interface PipedriveLead {
  id: string;
  person_id: number;
  title: string;
  origin_id: string | null;
  add_time: number;
  notes: string[];
}

/**
 * Pipedrive: `x-api-token`; person search and create (v2), leads (create, and the list with
 * `person_id`, `updated_since`, `start`/`limit` paging and `origin_id` in each lead) and notes
 * (add, and the list of a lead) in v1. `answerLeadsAfter(ms)`: a lead is made at once but
 * answered later (a lost answer); `failLookups(true)`: the lists and searches answer 503.
 */
export async function startFakePipedrive() {
  const token = "pd-test-token-5678";
  const persons: { id: number; email: string }[] = [];
  const leads: PipedriveLead[] = [];
  let leadAnswerDelay = 0;
  let lookupsFail = false;
  const busy: FakeReply = { status: 503, body: { success: false, error: "Service unavailable" } };
  const target = await fake<PipedriveLead>(
    (base) => base,
    (request, { accepted, problems }) => {
      if (request.headers["x-api-token"] !== token) {
        return { status: 401, body: { success: false, error: "unauthorized access" } };
      }
      if (request.path.includes("api_token=")) problems.push("token in the query");
      const body = obj(request.json);
      const [path, query = ""] = request.path.split("?");
      const params = new URLSearchParams(query);
      if (request.method === "GET" && path === "/v1/users/me") {
        return { status: 200, body: { success: true, data: { id: 1, name: "Owner" } } };
      }
      if (request.method === "GET" && path === "/api/v2/persons/search") {
        if (lookupsFail) return busy;
        if (params.get("fields") !== "email" || params.get("exact_match") !== "true") {
          problems.push("search not by exact e-mail");
        }
        const items = persons
          .filter((p) => p.email === params.get("term"))
          .map((p) => ({ result_score: 1, item: { id: p.id, name: "x" } }));
        return { status: 200, body: { success: true, data: { items } } };
      }
      if (request.method === "GET" && path === "/v1/leads") {
        if (lookupsFail) return busy;
        const since = Date.parse(params.get("updated_since") ?? "");
        if (!Number.isFinite(since)) problems.push("leads not by updated_since");
        const person = params.get("person_id");
        const start = Number(params.get("start") ?? 0);
        const limit = Math.min(Number(params.get("limit") ?? 100), 500);
        const sorted = params.get("sort") === "add_time DESC" ? [...leads].reverse() : leads;
        const matching = sorted.filter(
          (l) => l.add_time >= since && (person === null || l.person_id === Number(person)),
        );
        const data = matching.slice(start, start + limit).map(({ notes: _notes, ...lead }) => ({
          ...lead,
          add_time: new Date(lead.add_time).toISOString(),
        }));
        return {
          status: 200,
          body: {
            success: true,
            data,
            additional_data: {
              start,
              limit,
              more_items_in_collection: start + limit < matching.length,
            },
          },
        };
      }
      if (request.method === "GET" && path === "/v1/notes") {
        const lead = leads.find((l) => l.id === params.get("lead_id"));
        if (!lead) problems.push("notes of no lead");
        const data = (lead?.notes ?? []).map((content, i) => ({ id: i + 1, content }));
        return { status: 200, body: { success: true, data: data.length > 0 ? data : null } };
      }
      if (request.headers["content-type"] !== "application/json") problems.push("content-type");
      if (request.method === "POST" && path === "/api/v2/persons") {
        for (const key of ["emails", "phones"]) {
          const list = body[key];
          if (list === undefined) continue;
          if (
            !Array.isArray(list) ||
            !list.every((e) => typeof obj(e).value === "string" && obj(e).primary === true)
          ) {
            problems.push(`person ${key}`);
          }
        }
        if (typeof body.name !== "string" || !body.name) problems.push("person name");
        const email = String(obj((body.emails as unknown[] | undefined)?.[0]).value ?? "");
        persons.push({ id: 400 + persons.length + 1, email });
        return { status: 201, body: { success: true, data: { id: 400 + persons.length } } };
      }
      if (request.method === "POST" && path === "/v1/leads") {
        if (typeof body.title !== "string" || !body.title) problems.push("lead title");
        if (!persons.some((p) => p.id === body.person_id)) problems.push("lead person_id");
        const lead: PipedriveLead = {
          id: `0b9e8f2a-0000-4000-8000-${String(leads.length + 1).padStart(12, "0")}`,
          person_id: Number(body.person_id),
          title: String(body.title),
          origin_id: typeof body.origin_id === "string" ? body.origin_id : null,
          add_time: Date.now(),
          notes: [],
        };
        leads.push(lead);
        accepted.push(lead);
        return {
          status: 201,
          body: { success: true, data: { id: lead.id, title: lead.title } },
          delayMs: leadAnswerDelay,
        };
      }
      if (request.method === "POST" && path === "/v1/notes") {
        const lead = leads.find((l) => l.id === body.lead_id);
        if (!lead) problems.push("note lead_id");
        if (/<(?!br>)/.test(String(body.content))) problems.push("note not escaped");
        lead?.notes.push(String(body.content));
        return { status: 201, body: { success: true, data: { id: 9 } } };
      }
      return { status: 404, body: { success: false, error: "Unknown method ." } };
    },
    {
      status: 429,
      headers: { "x-ratelimit-reset": "2" },
      body: { success: false, error: "Request over limit" },
    },
  );
  return {
    ...target,
    token,
    persons,
    answerLeadsAfter(ms: number) {
      leadAnswerDelay = ms;
    },
    failLookups(on: boolean) {
      lookupsFail = on;
    },
  };
}

/** SalesDrive's order list: at most 10 requests a minute (docs/delivery.md "SalesDrive"). */
const SALESDRIVE_LIST_PER_MINUTE = 10;

/**
 * SalesDrive: `/{subdomain}/handler/`, `/api/order/list/` and `/api/statuses/` (the subdomain
 * is the first path segment here). The handler authenticates by the form key in the body or
 * by the `X-Api-Key` header, whichever `authBy` says (the two generations of SalesDrive's
 * API); a wrong one is refused in the body of a 200, as SalesDrive does. The order list
 * (`X-Api-Key`) filters by any field of the order, here `externalId` exactly and
 * `orderTime[from]`, takes `limit` up to 100 and answers 429 after 10 requests a minute.
 * `answerLate(ms)` makes the handler add the order at once but answer only after `ms`.
 */
export async function startFakeSalesdrive() {
  const token = "sd-form-key-9012";
  const subdomain = "acme";
  let auth: "form" | "header" = "form";
  let lateMs: number | null = null;
  /** The orders added, with the id and `orderTime` SalesDrive gave them. */
  const orders: Json[] = [];
  /** When the order list was asked, for its per-minute limit. */
  const listedAt: number[] = [];

  function orderList(request: FakeRequest, problems: string[]): FakeReply {
    if (request.headers["x-api-key"] !== token) {
      return { status: 401, body: { success: false, message: "Wrong API key" } };
    }
    const now = Date.now();
    listedAt.push(now);
    if (listedAt.filter((at) => at > now - 60_000).length > SALESDRIVE_LIST_PER_MINUTE) {
      return { status: 429, body: { success: false, message: "Too many requests" } };
    }
    const query = new URL(request.path, "http://salesdrive.test").searchParams;
    const limit = Number(query.get("limit") ?? 50);
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) problems.push("limit");
    const from = query.get("filter[orderTime][from]");
    if (from !== null && !/^\d{4}-\d\d-\d\d( \d\d:\d\d:\d\d)?$/.test(from)) {
      problems.push("filter[orderTime][from]");
    }
    const externalId = query.get("filter[externalId]");
    const found = orders.filter(
      (order) =>
        (externalId === null || order.externalId === externalId) &&
        (from === null || String(order.orderTime) >= from),
    );
    return {
      status: 200,
      body: {
        status: "success",
        data: found.slice(0, limit),
        pagination: { currentPage: 1, pageCount: 1, perPage: limit, total: found.length },
      },
    };
  }

  return {
    token,
    subdomain,
    orders,
    /** Which key the handler checks (the form key in the body by default). */
    authBy(way: "form" | "header") {
      auth = way;
    },
    answerLate(ms: number | null) {
      lateMs = ms;
    },
    ...(await fake<Json>(
      (base) => `${base}/{subdomain}`,
      (request, { accepted, problems }) => {
        const prefix = `/${subdomain}/`;
        if (!request.path.startsWith(prefix)) return { status: 404, body: "no such account" };
        const path = request.path.slice(prefix.length - 1);
        if (request.method === "GET" && path === "/api/statuses/") {
          return request.headers["x-api-key"] === token
            ? { status: 200, body: { success: true, data: [{ id: 1, name: "New" }] } }
            : { status: 401, body: { success: false, message: "Wrong API key" } };
        }
        if (request.method === "GET" && path.startsWith("/api/order/list/?")) {
          return orderList(request, problems);
        }
        if (request.method !== "POST" || path !== "/handler/") {
          return { status: 404, body: { success: false, message: "Not found" } };
        }
        const order = obj(request.json);
        if (auth === "form" && order.form !== token) {
          return { status: 200, body: { success: false, message: "Form not found" } };
        }
        if (auth === "header" && request.headers["x-api-key"] !== token) {
          return { status: 200, body: { status: "error", message: "Wrong API key" } };
        }
        if (!String(request.headers["content-type"]).startsWith("application/json")) {
          problems.push("content-type");
        }
        if (order.getResultData !== 1) problems.push("getResultData");
        if (!order.fName) problems.push("fName");
        if (!/^\+\d{10,15}$/.test(String(order.phone))) problems.push("phone");
        if (!String(order.comment).includes("Answers:")) problems.push("comment");
        if (typeof order.externalId !== "string") problems.push("externalId");
        // One naming set: the current `utm*` (not ours, not the older `prodex24*`).
        if (Object.keys(order).some((key) => /^(utm_|prodex24)/.test(key))) {
          problems.push("utm naming");
        }
        accepted.push(order);
        const id = 700 + accepted.length;
        const orderTime = new Date().toISOString().slice(0, 19).replace("T", " ");
        orders.push({ id, externalId: order.externalId, orderTime, fName: order.fName });
        return {
          status: 200,
          body: { success: true, data: { orderId: id } },
          ...(lateMs ? { delayMs: lateMs } : {}),
        };
      },
      { status: 429, headers: { "retry-after": "30" }, body: { error: "Too many requests" } },
    )),
  };
}

/** GetResponse: `X-Auth-Token: api-key <key>`, 202 per contact, 409 for one already there. */
export async function startFakeGetresponse() {
  const key = "gr-key-3456";
  const campaign = "p86zQ";
  return {
    key,
    campaign,
    ...(await fake<Json>(
      (base) => `${base}/v3`,
      (request, { accepted, problems }) => {
        if (request.headers["x-auth-token"] !== `api-key ${key}`) {
          return {
            status: 401,
            body: { httpStatus: 401, code: 1014, message: "Problem during authentication" },
          };
        }
        if (request.method === "GET" && request.path === `/v3/campaigns/${campaign}`) {
          return { status: 200, body: { campaignId: campaign, name: "quiz" } };
        }
        if (request.method !== "POST" || request.path !== "/v3/contacts") {
          return { status: 404, body: { httpStatus: 404, code: 1013, message: "Not found" } };
        }
        const contact = obj(request.json);
        if (!isEmail(contact.email)) problems.push("email");
        if (obj(contact.campaign).campaignId !== campaign) {
          return { status: 400, body: { httpStatus: 400, code: 1000, message: "campaign" } };
        }
        if (accepted.some((c) => c.email === contact.email)) {
          return { status: 409, body: { httpStatus: 409, code: 1008, message: "Already added" } };
        }
        accepted.push(contact);
        return { status: 202 };
      },
      {
        status: 429,
        headers: { "x-ratelimit-reset": "120" },
        body: { httpStatus: 429, code: 1016, message: "Throttled" },
      },
    )),
  };
}

const md5 = (text: string) => createHash("md5").update(text).digest("hex");

/** Mailchimp: Basic auth with the key, the key's data centre in the path, members by POST. */
export async function startFakeMailchimp() {
  const key = "0123456789abcdef0123456789abcdef-us21";
  const list = "a1b2c3d4e5";
  const problem = (status: number, title: string): FakeReply => ({
    status,
    body: { type: "about:blank", title, status, detail: title, instance: "" },
  });
  return {
    key,
    list,
    ...(await fake<Json>(
      (base) => `${base}/{dc}/3.0`,
      (request, { accepted, problems }) => {
        const auth = String(request.headers.authorization ?? "");
        const password = Buffer.from(auth.replace(/^Basic /, ""), "base64")
          .toString("utf8")
          .split(":")[1];
        if (!auth.startsWith("Basic ") || password !== key) {
          return problem(401, "API Key Invalid");
        }
        if (!request.path.startsWith("/us21/3.0/")) return problem(401, "Wrong Datacenter");
        const path = request.path.slice("/us21/3.0".length).split("?")[0];
        if (request.method === "GET" && path === `/lists/${list}`) {
          return { status: 200, body: { id: list, name: "Quiz" } };
        }
        if (request.method !== "POST" || path !== `/lists/${list}/members`) {
          return problem(404, "Resource Not Found");
        }
        const member = obj(request.json);
        if (!isEmail(member.email_address)) return problem(400, "Invalid Resource");
        if (!["subscribed", "pending"].includes(String(member.status))) problems.push("status");
        const tags = member.tags;
        if (
          tags !== undefined &&
          !(Array.isArray(tags) && tags.every((t) => typeof t === "string"))
        ) {
          problems.push("tags");
        }
        for (const name of Object.keys(obj(member.merge_fields))) {
          if (!["FNAME", "LNAME", "PHONE"].includes(name)) problems.push(`merge field ${name}`);
        }
        const email = String(member.email_address).toLowerCase();
        if (accepted.some((m) => m.email_address === member.email_address)) {
          return problem(400, "Member Exists");
        }
        accepted.push(member);
        return { status: 200, body: { id: md5(email), email_address: member.email_address } };
      },
      problem(429, "Too Many Requests"),
    )),
  };
}

/** SendPulse: client-credentials tokens, Bearer calls, addresses into an address book. */
export async function startFakeSendpulse() {
  const clientId = "sp-client-id";
  const clientSecret = "sp-client-secret-7890";
  const book = 321;
  const tokens = new Set<string>();
  let tokenCalls = 0;
  const target = await fake<Json>(
    (base) => base,
    (request, { accepted, problems }) => {
      if (request.method === "POST" && request.path === "/oauth/access_token") {
        tokenCalls++;
        const body =
          request.json !== undefined
            ? obj(request.json)
            : Object.fromEntries(new URLSearchParams(request.body));
        if (body.grant_type !== "client_credentials") problems.push("grant_type");
        if (body.client_id !== clientId || body.client_secret !== clientSecret) {
          return { status: 401, body: { error: "invalid_client", message: "Client auth failed" } };
        }
        const token = `sp-token-${tokenCalls}`;
        tokens.add(token);
        return {
          status: 200,
          body: { access_token: token, token_type: "Bearer", expires_in: 3600 },
        };
      }
      const bearer = String(request.headers.authorization ?? "").replace(/^Bearer /, "");
      if (!tokens.has(bearer)) {
        return { status: 401, body: { error: "invalid_token", message: "Token expired" } };
      }
      if (request.method === "GET" && request.path === `/addressbooks/${book}`) {
        return { status: 200, body: [{ id: book, name: "Quiz", all_email_qty: 0 }] };
      }
      if (request.method !== "POST" || request.path !== `/addressbooks/${book}/emails`) {
        return { status: 404, body: { error_code: 213, message: "Book not found" } };
      }
      const emails = obj(request.json).emails;
      if (!Array.isArray(emails)) {
        problems.push("emails not an array");
        return { status: 400, body: { error_code: 1, message: "emails" } };
      }
      for (const entry of emails) {
        if (!isEmail(obj(entry).email)) problems.push("email");
        const variables = obj(entry).variables;
        if (!Object.values(obj(variables)).every((v) => typeof v === "string")) {
          problems.push("variables");
        }
        accepted.push(obj(entry));
      }
      return { status: 200, body: { result: true } };
    },
    { status: 429, body: { error: "Too Many Requests" } },
  );
  return {
    ...target,
    clientId,
    clientSecret,
    book,
    tokenCalls: () => tokenCalls,
    /** Every token issued so far stops working (as when one expires early). */
    expireTokens: () => tokens.clear(),
  };
}
