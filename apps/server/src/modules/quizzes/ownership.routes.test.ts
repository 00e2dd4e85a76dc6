import { randomUUID } from "node:crypto";
import type { Answer, FormField, Question } from "@leadquiz/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveries, integrations, leads } from "../../db/schema";
import { createSecretBox } from "../../lib/secret-box";
import {
  apiCall,
  expectCall,
  type Method,
  registerUser,
  type TestUser,
} from "../../test-support/api-client";
import { createProject, createQuizIn } from "../../test-support/quiz-fixtures";
import { createTestAppWithDatabase, type TestAppWithDatabase } from "../../test-support/test-app";
import { loadQuizSnapshot } from "../../workflows/publishing";

/**
 * Walks EVERY authenticated route of the API (read from the OpenAPI document, so routes
 * added later are walked too) as a second account, with the first account's ids in the
 * path, the query and the body: each must answer 404, change nothing, and show none of the
 * first account's data. Then the same calls as the owner must not answer 404 — proof that
 * each id really named the owner's record. A new route whose `{id}` this test cannot place
 * fails here until `idOfPath` learns it (or ALLOWED lists it with a reason).
 */

/** Authenticated routes that are not scoped to a quiz-model record, with the reason. */
const ALLOWED: Record<string, string> = {
  "POST /change-password/": "account: changes the caller's own password",
  "POST /logout/all/":
    "account: ends the caller's own sessions (accounts tests); here it would sign A out mid-walk",
  "GET /userinfo/": "account: the caller's own profile",
  "PATCH /userinfo/{id}/": "account: tested by the accounts module",
  "POST /email/verify/resend/": "account: mails the caller's own address",
  "POST /email/change/": "account: the caller's own address (email-address tests)",
  "POST /project/": "creates a project in the caller's own account",
  "GET /languagelist/": "reference list, the same for everyone",
  "GET /currencylist/": "reference list, the same for everyone",
  "GET /fontlist/": "reference list, the same for everyone",
  "GET /key_value/": "public settings, the same for everyone",
  "GET /tarifflinks/": "money: a payment page for the caller's own account (tariffs tests)",
  "PUT /transfer_referral_balance/": "money: the caller's own referral balance (tariffs tests)",
  "POST /referral_payment_request/": "money: the caller's own withdrawal (tariffs tests)",
  "POST /buy-tariff-from-balance/": "money: a catalogue tariff from the caller's own balance",
  "GET /leads/retention/": "account: the caller's own lead retention (lead-retention tests)",
  "PUT /leads/retention/": "account: the caller's own lead retention (lead-retention tests)",
  "POST /api-keys/": "account: makes a key of the caller's own account (hooks tests)",
  "POST /support/": "account: a support request from the caller (support tests)",
  "POST /create-feedback/": "account: the caller's own review of the service (support tests)",
  "POST /copy-template/":
    "copies a catalogue template into the caller's project; another's project is a 404 " +
    "(templates.routes.test.ts, which seeds the catalogue this test has not)",
  "PATCH /profile/": "account: the caller's own specialist profile (profiles tests)",
  "POST /portfolio/": "account: adds to the caller's own portfolio (profiles tests)",
};

/**
 * Query parameters that name a record, and which (docs/security.md "Ownership matrix"): A's
 * id there answers 404 like A's id in a path. Every integer query parameter of the OpenAPI
 * document must be here or in NOT_RECORDS, so a new one fails this test until it is placed.
 */
const QUERY_RECORDS: Record<string, Entity> = {
  project: "project",
  quiz: "quiz",
  result: "result",
  integration: "webhook",
};

/** Integer query parameters that name no record of an account, with the reason. */
const NOT_RECORDS: Record<string, string> = {
  limit: "a page size",
  provider: "a payment provider's code (docs/codes.md)",
  tariff: "a tariff of the catalogue, the same for everyone",
};

type Entity =
  | "project"
  | "quiz"
  | "question"
  | "answer"
  | "questioncondition"
  | "result"
  | "resultcondition"
  | "formfield"
  | "addition"
  | "config"
  | "lead"
  | "webhook"
  | "email"
  | "delivery"
  | "apikey"
  | "hook"
  | "portfolio";

const SECRET = "A-secret-7f3c";

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minimum?: number;
  items?: JsonSchema;
}

interface Operation {
  security?: unknown[];
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

interface Route {
  method: Method;
  /** Below /api/v1, with `{id}`-style parameters. */
  path: string;
  operation: Operation;
}

let t: TestAppWithDatabase;
let a: TestUser;
let b: TestUser;
let ids: Record<Entity, number>;
/** B's own project and quiz, for the paths of calls whose query names A's records. */
let own: { project: number; quiz: number };
let refQuestion: number;
let routes: Route[];
/** Each account's API key, presented where a route takes a key (`security: apiKey`). */
const keys = new Map<TestUser, TestUser>();

/** Who calls: the account's access token, or its API key on the key-only routes. */
function caller(route: Route, user: TestUser): TestUser {
  const byKey = (route.operation.security ?? []).some(
    (s) => typeof s === "object" && s !== null && "apiKey" in s,
  );
  return byKey ? (keys.get(user) ?? user) : user;
}

async function apiKeyOf(owner: TestUser, name: string): Promise<{ id: number; key: TestUser }> {
  const created = await expectCall<{ id: number; key: string }>(t, 201, "POST", "/api-keys/", {
    user: owner,
    body: { name },
  });
  const key = { ...owner, token: created.key };
  keys.set(owner, key);
  return { id: created.id, key };
}

beforeAll(async () => {
  // The token targets' APIs on loopback, which the outgoing client refuses at once: an
  // owner's new credentials are "refused by the target" without calling anyone.
  t = await createTestAppWithDatabase({
    RATE_LIMIT_ENABLED: "false",
    PIPEDRIVE_API_URL: "http://127.0.0.1:9",
    SALESDRIVE_API_URL: "http://127.0.0.1:9/{subdomain}",
    GETRESPONSE_API_URL: "http://127.0.0.1:9",
    MAILCHIMP_API_URL: "http://127.0.0.1:9/{dc}",
    SENDPULSE_API_URL: "http://127.0.0.1:9",
    // The OAuth CRMs set up, so their links answer (nothing is called to make a link).
    HUBSPOT_CLIENT_ID: "hubspot-app",
    HUBSPOT_CLIENT_SECRET: `${SECRET}-hubspot`,
    SALESFORCE_CLIENT_ID: "salesforce-app",
    SALESFORCE_CLIENT_SECRET: `${SECRET}-salesforce`,
    ZOHO_CLIENT_ID: "zoho-app",
    ZOHO_CLIENT_SECRET: `${SECRET}-zoho`,
  });
  a = await registerUser(t);
  b = await registerUser(t);
  await apiKeyOf(b, "B's key");
  const ownProject = await createProject(t, b, { title: "B's own" });
  own = { project: ownProject, quiz: await createQuizIn(t, b, ownProject) };
  ids = await buildContent(a);
  routes = await authenticatedRoutes();
});
afterAll(() => t.close());

/** A's project and quiz with one record of every kind, named with SECRET. */
async function buildContent(owner: TestUser): Promise<Record<Entity, number>> {
  const post = <T>(url: string, body: unknown) =>
    expectCall<T>(t, 201, "POST", url, { user: owner, body });
  const project = await createProject(t, owner, {
    title: `${SECRET} project`,
    sites: [`${SECRET}.example`],
  });
  const quiz = await createQuizIn(t, owner, project, { title: `${SECRET} quiz` });
  const first = await post<Question>("/question/", { quiz, type: 1, title: `${SECRET} q1` });
  const [answer] = await expectCall<Answer[]>(t, 200, "GET", `/question/${first.id}/answer_list/`, {
    user: owner,
  });
  if (!answer) throw new Error("a List question comes with answers");
  const question = await post<Question>("/question/", { quiz, type: 1, title: `${SECRET} q2` });
  const questioncondition = await post<{ id: number }>("/questioncondition/", {
    question: question.id,
    ref_question: first.id,
    kind: "answers",
    answers: [answer.id],
  });
  const result = await post<{ id: number }>("/result/", {
    quiz,
    title: `${SECRET} result`,
    condition_mode: 1,
  });
  const resultcondition = await post<{ id: number }>("/resultcondition/", {
    result: result.id,
    ref_question: first.id,
    kind: "answers",
    answers: [answer.id],
  });
  const [formfield] = await expectCall<FormField[]>(
    t,
    200,
    "GET",
    `/quiz/${quiz}/formfield_list/`,
    { user: owner },
  );
  if (!formfield) throw new Error("a new quiz has form fields");
  const addition = await post<{ id: number }>("/addition/", {
    quiz,
    type: 1,
    settings: { name: SECRET },
  });
  await post("/config/quiz/", { quiz });
  const config = await expectCall<{ id: number }>(t, 200, "GET", `/config/quiz/${quiz}`, {
    user: owner,
  });
  // A published version 1, for the version history's routes (`{version}`).
  await post("/publication-quiz/", { quiz });
  const [lead] = await t.database.db
    .insert(leads)
    .values({
      submissionId: randomUUID(),
      quizId: quiz,
      projectId: project,
      userId: owner.id,
      publicationVersion: 1,
      name: `${SECRET} visitor`,
    })
    .returning({ id: leads.id });
  if (!lead) throw new Error("lead not stored");
  // Lead delivery: a webhook (to an address the server refuses, so a test lead sends
  // nothing), an e-mail address, a delivery of the lead, and the CRMs connected with one
  // secret, stored directly (connecting them checks the secret against the CRM).
  const webhook = await post<{ id: number }>("/webhook-integration/", {
    quiz,
    url: "https://127.0.0.1/hook",
  });
  const email = await post<{ id: number }>("/integration/email/create/", {
    quiz,
    email: "a-owner@example.com",
  });
  const box = createSecretBox(t.config.encryptionKey ?? "");
  for (const [type, secrets, settings] of [
    ["bitrix24", { webhook_url: "https://a.bitrix24.example/rest/1/abc/" }, {}],
    ["keycrm", { api_token: `${SECRET}-token` }, {}],
    ["pipedrive", { api_token: `${SECRET}-token` }, {}],
    ["salesdrive", { form_token: `${SECRET}-token` }, { subdomain: "acme" }],
    ["getresponse", { api_key: `${SECRET}-token` }, { campaign_id: "p86zQ" }],
    ["mailchimp", { api_key: `${SECRET}-token-us21` }, { list_id: "a1b2c3" }],
    [
      "sendpulse",
      { client_secret: `${SECRET}-token` },
      { client_id: "sp-id", address_book_id: "1" },
    ],
    ["telegram", {}, { chat_id: "-100123", chat_title: "A's sales chat" }],
    ["hubspot", { access_token: `${SECRET}-access`, refresh_token: `${SECRET}-refresh` }, {}],
    [
      "salesforce",
      { access_token: `${SECRET}-access`, refresh_token: `${SECRET}-refresh` },
      { instance_url: "https://a.my.salesforce.com" },
    ],
    [
      "zoho",
      { access_token: `${SECRET}-access`, refresh_token: `${SECRET}-refresh` },
      { api_domain: "https://www.zohoapis.eu", accounts_server: "https://accounts.zoho.eu" },
    ],
  ] as const) {
    await t.database.db.insert(integrations).values({
      quizId: quiz,
      userId: owner.id,
      type,
      settings,
      secrets: box.seal(JSON.stringify(secrets)),
    });
  }
  const [delivery] = await t.database.db
    .insert(deliveries)
    .values({ integrationId: webhook.id, leadId: lead.id, quizId: quiz, status: "failed" })
    .returning({ id: deliveries.id });
  if (!delivery) throw new Error("delivery not stored");
  // An API key and a REST hook subscribed with it (docs/delivery.md "REST hooks").
  const apikey = await apiKeyOf(owner, `${SECRET} key`);
  const hook = await expectCall<{ id: number }>(t, 201, "POST", "/hooks/", {
    user: apikey.key,
    body: { target_url: "https://127.0.0.1/hook", event: "lead.created", quiz },
  });
  // A portfolio item of A's specialist profile.
  const portfolio = await expectCall<{ id: number }>(t, 201, "POST", "/portfolio/", {
    user: owner,
    body: { name: `${SECRET} case`, work_done: SECRET },
  });
  refQuestion = first.id;
  return {
    portfolio: portfolio.id,
    apikey: apikey.id,
    hook: hook.id,
    webhook: webhook.id,
    email: email.id,
    delivery: delivery.id,
    lead: lead.id,
    project,
    quiz,
    question: question.id,
    answer: answer.id,
    questioncondition: questioncondition.id,
    result: result.id,
    resultcondition: resultcondition.id,
    formfield: formfield.id,
    addition: addition.id,
    config: config.id,
  };
}

async function authenticatedRoutes(): Promise<Route[]> {
  const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  const found: Route[] = [];
  for (const [fullPath, operations] of Object.entries(doc.paths)) {
    if (!fullPath.startsWith("/api/v1/")) continue;
    for (const [method, operation] of Object.entries(operations)) {
      if (!operation.security?.length) continue; // public: visitors, auth, reference lists
      const route = { method: method.toUpperCase() as Method, path: fullPath.slice(7), operation };
      if (`${route.method} ${route.path}` in ALLOWED) continue;
      found.push(route);
    }
  }
  return found;
}

/** Which record a route's `{id}` names (method-dependent where one pattern serves two). */
function idOfPath(route: Route): Entity | undefined {
  const { method, path } = route;
  if (/^\/addition\/\{id\}\/by_quiz/.test(path)) return "quiz";
  if (/^\/config\/quiz\/\{id\}/.test(path)) return method === "GET" ? "quiz" : "config";
  if (/^\/quiz\/\{id\}\//.test(path)) return "quiz";
  if (/^\/webhook-integration\/quiz\/\{id\}/.test(path)) return "quiz";
  if (/^\/integration\/email\/list\/\{id\}/.test(path)) return "quiz";
  if (/^\/integration\/email\/delete\/\{id\}/.test(path)) return "email";
  // The OAuth CRMs' links and connections are named by the quiz (docs/delivery.md).
  if (/^\/(hubspot|salesforce|zoho)\//.test(path)) return "quiz";
  const segment = /^\/([a-z0-9_-]+)\/\{id\}/.exec(path)?.[1];
  switch (segment) {
    case "questionconditionlist":
      return "question";
    case "lead_answers":
      return "lead";
    case "webhook-integration":
      return "webhook";
    case "integration":
      return "email";
    case "delivery":
      return "delivery";
    case "api-keys":
      return "apikey";
    case "hooks":
      return "hook";
    case "portfolio":
      return "portfolio";
    case "bitrix24":
    case "keycrm":
    case "pipedrive":
    case "salesdrive":
    case "get-response-integration":
    case "mailchimp-integration":
    case "sendpulse-integration":
    case "telegram-integration":
      return "quiz";
    case "resultconditionlist":
      return "result";
    case "project":
    case "question":
    case "answer":
    case "questioncondition":
    case "result":
    case "resultcondition":
    case "formfield":
    case "addition":
    case "lead":
      return segment;
    default:
      return undefined;
  }
}

const COPYABLE = new Set<string>(["project", "quiz", "question", "result"]);

/** The record `id` names in a copy body (`POST quiz/copy/ {id}` copies a quiz). */
function copyEntity(path: string): Entity {
  const segment = /^\/([a-z_-]+)\/copy\/?$/.exec(path)?.[1];
  if (segment && COPYABLE.has(segment)) return segment as Entity;
  throw new Error(`${path}: which record does "id" name in its body?`);
}

/** A value for a property by its name: A's ids for references, something valid otherwise. */
function valueFor(name: string, schema: JsonSchema, path: string): unknown {
  if (name === "id") return ids[copyEntity(path)];
  if (name in VALID_TEXTS) return VALID_TEXTS[name];
  if (name === "ref_question") return refQuestion;
  if (name === "answers") return [ids.answer];
  if (name === "kind") return "answers";
  if (REFERENCES.has(name)) return ids[name as Entity];
  return sample(schema, path);
}

/** Texts with a format of their own, so that a body gets past validation to the ownership check. */
const VALID_TEXTS: Record<string, string> = {
  url: "https://127.0.0.1/hook",
  email: "someone@example.com",
  webhook_url: "https://b.bitrix24.example/rest/1/abc/",
  target_url: "https://127.0.0.1/hook",
  subdomain: "acme",
  api_key: "0123abcd-us21",
};

/** Optional properties that still name A's records (filled whenever a body has them). */
const REFERENCES = new Set([
  "project",
  "quiz",
  "question",
  "result",
  "ref_question",
  "answers",
  "lead",
]);

function sample(schema: JsonSchema, path: string): unknown {
  const variant = schema.oneOf?.[0] ?? schema.anyOf?.find((s) => s.type !== "null");
  if (variant) return sample(variant, path);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== "null") : schema.type;
  switch (type) {
    case "boolean":
      return true;
    case "integer":
    case "number":
      return schema.minimum ?? 1;
    case "string":
      return "x";
    case "array":
      return [];
    case "object": {
      const body: Record<string, unknown> = {};
      const properties = schema.properties ?? {};
      for (const name of Object.keys(properties)) {
        if (schema.required?.includes(name) || REFERENCES.has(name)) {
          body[name] = valueFor(name, properties[name] ?? {}, path);
        }
      }
      return body;
    }
    default:
      return null;
  }
}

/** The request of a route with A's ids: path, query and a valid body. */
function requestOf(route: Route): { url: string; body?: unknown } {
  let url = route.path;
  if (url.includes("{")) {
    const entity = idOfPath(route);
    if (!entity) throw new Error(`${route.method} ${route.path}: teach idOfPath its {id}`);
    url = url.replace(/\{[a-z_]+\}/i, String(ids[entity]));
    // A's quiz has one published version (buildContent).
    url = url.replace("{version}", "1");
  }
  const query = (route.operation.parameters ?? [])
    .filter((p) => p.in === "query" && p.name in QUERY_RECORDS)
    .map((p) => `${p.name}=${ids[QUERY_RECORDS[p.name] as Entity]}`);
  if (query.length > 0) url += `?${query.join("&")}`;
  const content = route.operation.requestBody?.content;
  const schema = content?.["application/json"]?.schema ?? Object.values(content ?? {})[0]?.schema;
  if (!schema) return { url };
  const body = sample(schema, route.path) as Record<string, unknown>;
  // A change a thief would like to make, where the body has room for it.
  for (const field of ["title", "text", "label"]) {
    if (schema.properties?.[field] && !(field in body)) body[field] = "changed by B";
  }
  return { url, body };
}

async function stateOfA(): Promise<unknown> {
  const counts = await t.database.db.execute(sql`
    select (select count(*) from projects)::int as projects,
           (select count(*) from quizzes)::int as quizzes,
           (select count(*) from questions)::int as questions,
           (select count(*) from answers)::int as answers,
           (select count(*) from results)::int as results,
           (select count(*) from quiz_configs)::int as configs`);
  return {
    snapshot: await loadQuizSnapshot(t.database.db, ids.quiz),
    project: (await apiCall(t, "GET", `/project/${ids.project}/`, { user: a })).json(),
    quiz: (await apiCall(t, "GET", `/quiz/${ids.quiz}/`, { user: a })).json(),
    config: (await apiCall(t, "GET", `/config/quiz/${ids.quiz}`, { user: a })).json(),
    counts: (counts as unknown as { rows: unknown[] }).rows,
  };
}

/** The paths of the targets connected with credentials (one per quiz, named by the quiz). */
const CREDENTIAL_PATH =
  /^\/(bitrix24|keycrm|pipedrive|salesdrive|get-response-integration|mailchimp-integration|sendpulse-integration|telegram-integration|hubspot|salesforce|zoho)\//;

/** DELETE last, children before parents, so the owner's sanity run keeps its records. */
function ownerOrder(route: Route): number {
  // Restoring a version rewrites the draft (conditions come back with new ids): after the
  // children's DELETEs, before the quiz's.
  if (route.path.endsWith("/restore/")) return 3.5;
  if (route.method !== "DELETE") return 0;
  // A quiz's one CRM connection goes before the quiz (its path names the quiz).
  if (CREDENTIAL_PATH.test(route.path)) return 2;
  const depth: Partial<Record<Entity, number>> = {
    questioncondition: 1,
    resultcondition: 1,
    answer: 2,
    formfield: 2,
    addition: 2,
    question: 3,
    result: 3,
    config: 3,
    quiz: 4,
    project: 5,
    // The key last: revoking it removes the hooks made with it.
    apikey: 6,
  };
  const entity = idOfPath(route);
  return (entity && depth[entity]) ?? 3;
}

/** The integer query parameters of a route (the ones that can name a record). */
function integerQuery(route: Route) {
  return (route.operation.parameters ?? []).filter((p) => {
    if (p.in !== "query") return false;
    const schema = p.schema ?? {};
    const types = [schema.type, ...(schema.anyOf ?? []).map((s) => s.type)].flat();
    return types.includes("integer") || /(^|_)ids?$/.test(p.name);
  });
}

describe("every authenticated route, called by another account", () => {
  it("walks the quiz model's routes (and new ones automatically)", () => {
    const names = routes.map((route) => `${route.method} ${route.path}`);
    for (const expected of [
      "GET /project/{id}/",
      "DELETE /quiz/{id}/",
      "POST /quiz/copy/",
      "GET /quiz/{id}/question_list/",
      "PATCH /answer/{id}/",
      "GET /questionconditionlist/{id}/",
      "DELETE /resultcondition/{id}/",
      "PATCH /formfield/{id}/",
      "GET /addition/{id}/by_quiz",
      "PATCH /config/quiz/{id}/",
    ]) {
      expect(names).toContain(expected);
    }
  });

  it("answers 404 to every call naming A's records, shows nothing of A, changes nothing", async () => {
    const before = await stateOfA();
    const failures: string[] = [];
    let walked = 0;
    for (const route of routes) {
      const request = requestOf(route);
      const name = `${route.method} ${request.url} ${JSON.stringify(request.body ?? {})}`;
      if (route.method === "GET" && !route.path.includes("{")) {
        // A list of the caller's own records: B's, never A's.
        const list = await apiCall(t, "GET", route.path, { user: caller(route, b) });
        if (list.statusCode !== 200 || list.body.includes(SECRET)) {
          failures.push(`GET ${route.path}: ${list.statusCode} ${list.body.slice(0, 200)}`);
        }
      }
      if (!/\d/.test(request.url) && request.body === undefined) continue;
      walked += 1;
      const response = await apiCall(t, route.method, request.url, {
        user: caller(route, b),
        body: request.body,
      });
      if (response.body.includes(SECRET)) failures.push(`${name}: shows A's data`);
      if (response.statusCode !== 404) {
        failures.push(`${name}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      } else if (response.json().code !== "not_found") failures.push(`${name}: code`);
    }
    expect(failures).toEqual([]);
    // Every route of the quiz model so far (projects, quizzes, questions, answers,
    // conditions, results, fields, additions, config); more as routes are added.
    expect(walked).toBeGreaterThanOrEqual(40);
    expect(await stateOfA()).toEqual(before);
  });

  it("names A's own records: the same calls by A do not answer 404", async () => {
    const failures: string[] = [];
    for (const route of [...routes].sort((x, y) => ownerOrder(x) - ownerOrder(y))) {
      const request = requestOf(route);
      const response = await apiCall(t, route.method, request.url, {
        user: caller(route, a),
        body: request.body,
      });
      if (response.statusCode === 404 || response.statusCode >= 500) {
        failures.push(`${route.method} ${request.url}: ${response.statusCode} ${response.body}`);
      }
    }
    expect(failures).toEqual([]);
  });
  it("knows what every integer query parameter names", () => {
    const unknown = routes.flatMap((route) =>
      integerQuery(route)
        .filter((p) => !(p.name in QUERY_RECORDS) && !(p.name in NOT_RECORDS))
        .map((p) => `${route.method} ${route.path} ?${p.name}`),
    );
    expect(unknown, "place these in QUERY_RECORDS or NOT_RECORDS").toEqual([]);
  });

  it("answers 404 to A's id in any query filter, the path naming B's own records", async () => {
    const failures: string[] = [];
    let walked = 0;
    for (const route of routes) {
      for (const parameter of integerQuery(route)) {
        const entity = QUERY_RECORDS[parameter.name];
        if (!entity) continue;
        let path = route.path;
        if (path.includes("{")) {
          const named = idOfPath(route);
          if (named !== "project" && named !== "quiz") {
            failures.push(`${route.method} ${route.path}: give B a ${named} for this path`);
            continue;
          }
          path = path.replace(/\{[a-z_]+\}/i, String(own[named])).replace("{version}", "1");
        }
        const url = `${path}?${parameter.name}=${ids[entity]}`;
        walked += 1;
        const response = await apiCall(t, route.method, url, { user: caller(route, b) });
        if (response.body.includes(SECRET)) failures.push(`${route.method} ${url}: shows A's data`);
        if (response.statusCode !== 404 || response.json().code !== "not_found") {
          failures.push(
            `${route.method} ${url}: ${response.statusCode} ${response.body.slice(0, 200)}`,
          );
        }
        // B's own record in the same place is a filter like any other.
        const mine = entity === "project" || entity === "quiz" ? own[entity] : undefined;
        if (mine !== undefined) {
          const answer = await apiCall(t, route.method, `${path}?${parameter.name}=${mine}`, {
            user: caller(route, b),
          });
          if (answer.statusCode >= 400) {
            failures.push(
              `${route.method} ${path}?${parameter.name}=${mine} (B's own): ${answer.statusCode}`,
            );
          }
        }
      }
    }
    expect(failures).toEqual([]);
    // The leads list and export (project, quiz, result), the quizzes by project, the
    // deliveries by integration, the hooks' sample by quiz; more as filters are added.
    expect(walked).toBeGreaterThanOrEqual(9);
  });
});
