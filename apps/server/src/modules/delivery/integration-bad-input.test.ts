import {
  type CredentialField,
  credentialTargetFields,
  type IntegrationTargetKey,
  integrationTargetKeys,
  targetDescriptor,
} from "@leadquiz/contract";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrations, oauthStates } from "../../db/schema";
import {
  apiCall,
  expectCall,
  type Method,
  registerUser,
  type TestUser,
} from "../../test-support/api-client";
import {
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
  requestBodySchema,
  resolveSchema,
} from "../../test-support/openapi-schema";
import { createProject, createQuizIn } from "../../test-support/quiz-fixtures";
import { operationsOf } from "../../test-support/target-operations";
import { createTestAppWithDatabase, type TestAppWithDatabase } from "../../test-support/test-app";

/**
 * Bad input to every integration route (issue 39, docs/api.md "Conventions"): each route of
 * the document's "lead delivery" operations — every target of the registry, the delivery
 * log, REST hooks, the OAuth callback — is sent, one at a time, a body field of the wrong
 * type, too long or too big, the body without its required fields, a query parameter it
 * cannot read and a path id that is no number. Each answers 400 naming the field, in the
 * caller's language (the uk text differs from the en one), and nothing is stored. A valid
 * body naming another account's quiz answers 404, storing nothing either.
 */

const TAG = "lead delivery";
/** Reads no JSON of ours: Telegram's updates, authenticated by the bot's secret header. */
const SKIPPED = new Set(["post /telegram/webhook/"]);
const INT32 = 2 ** 31;

interface BadCase {
  route: string;
  /** The field the 400 must name. */
  field: string;
  method: Method;
  url: string;
  body?: unknown;
  byKey: boolean;
}

/** The variants of a schema a value can take, `null` left out (an optional field). */
function concrete(schema: JsonSchema, doc: OpenApiDocument): JsonSchema {
  const resolved = resolveSchema(schema, doc);
  const variants = (resolved.anyOf ?? resolved.oneOf ?? []).filter((v) => v.type !== "null");
  return variants[0] ? concrete(variants[0], doc) : resolved;
}

/** Values a field of this schema must refuse: of another type, beyond its bounds. */
function wrongValues(raw: JsonSchema, doc: OpenApiDocument): unknown[] {
  const schema = concrete(raw, doc);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (schema.enum) return ["not-one-of-them", 7];
  switch (type) {
    case "string":
      return [12345, "x".repeat((schema.maxLength ?? 100_000) + 1)];
    case "integer":
    case "number":
      return ["abc", 1.5, (schema.maximum ?? INT32 - 1) + 1, (schema.minimum ?? -INT32) - 1];
    case "boolean":
      return ["yes"];
    default:
      return [];
  }
}

/** A query value this parameter must refuse. */
function wrongQueryValues(raw: JsonSchema | undefined, doc: OpenApiDocument): string[] {
  const schema = concrete(raw ?? {}, doc);
  if (schema.enum) return ["not-one-of-them"];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === "integer" || type === "number") return ["abc", "0.5", String(INT32)];
  const values: string[] = [];
  if (schema.pattern) values.push("!?");
  if (schema.maxLength) values.push("x".repeat(schema.maxLength + 1));
  return values;
}

function badCases(
  doc: OpenApiDocument,
  ids: { quiz: number },
): { cases: BadCase[]; routes: string[] } {
  const cases: BadCase[] = [];
  const routes: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(item) as [string, OpenApiOperation][]) {
      const route = `${method} ${path.slice("/api/v1".length)}`;
      if (!operation.tags?.includes(TAG) || SKIPPED.has(route)) continue;
      routes.push(route);
      const byKey = (operation.security ?? []).some((s) => "apiKey" in s);
      const upper = method.toUpperCase() as Method;
      const pathParams = (operation.parameters ?? []).filter((p) => p.in === "path");
      const fill = (template: string, wrong?: string) =>
        template.replace(/\{([^}]+)\}/g, (_, name: string) => {
          if (name === wrong) return "abc";
          if (name === "provider") return "hubspot";
          return String(ids.quiz);
        });
      const url = fill(route.split(" ")[1] ?? "");
      const body = requestBodySchema(operation);
      const validish = body ? {} : undefined;
      for (const param of pathParams) {
        cases.push({
          route,
          field: param.name,
          method: upper,
          url: fill(route.split(" ")[1] ?? "", param.name),
          body: validish,
          byKey,
        });
      }
      for (const param of (operation.parameters ?? []).filter((p) => p.in === "query")) {
        for (const value of wrongQueryValues(param.schema, doc)) {
          const query = new URLSearchParams({ [param.name]: value });
          cases.push({
            route,
            field: param.name,
            method: upper,
            url: `${url}?${query}`,
            body: validish,
            byKey,
          });
        }
      }
      if (!body) continue;
      const schema = resolveSchema(body, doc);
      for (const [name, property] of Object.entries(schema.properties ?? {})) {
        for (const value of wrongValues(property, doc)) {
          cases.push({ route, field: name, method: upper, url, body: { [name]: value }, byKey });
        }
      }
      for (const name of schema.required ?? []) {
        cases.push({ route, field: name, method: upper, url, body: {}, byKey });
      }
    }
  }
  return { cases, routes };
}

/** Values most fields accept: a key, an id, an address (Bitrix24's webhook is the strictest). */
const SAMPLES: readonly (string | number)[] = [
  "abc-us1",
  1,
  "https://example.bitrix24.ua/rest/1/abc123/",
];

/** The first sample the field accepts (a new target's own format may need one more here). */
function sampleOf(field: CredentialField): string | number | undefined {
  return SAMPLES.find((value) => field.input.safeParse(value).success);
}

/** A valid body connecting `key` to `quiz` (another account's, in the 404 case). */
function validCreateBody(key: IntegrationTargetKey, quiz: number): Record<string, unknown> {
  const kind = targetDescriptor(key).connect.kind;
  if (kind === "credentials") {
    const fields = credentialTargetFields[key as keyof typeof credentialTargetFields];
    return { quiz, ...Object.fromEntries(fields.map((f) => [f.name, sampleOf(f)])) };
  }
  if (kind === "webhook") return { quiz, url: "https://example.com/hook" };
  if (kind === "email") return { quiz, email: "owner@example.com" };
  if (kind === "hook")
    return { quiz, target_url: "https://example.com/hook", event: "lead.created" };
  return { quiz };
}

let t: TestAppWithDatabase;
let owner: TestUser;
let ownerKey: string;
let quiz: number;
let foreignQuiz: number;
let doc: OpenApiDocument;

async function stored() {
  const db = t.database.db;
  const [rows] = await db.select({ n: count() }).from(integrations);
  const [states] = await db.select({ n: count() }).from(oauthStates);
  return { integrations: rows?.n ?? 0, oauthStates: states?.n ?? 0 };
}

function send(
  c: Pick<BadCase, "method" | "url" | "body" | "byKey">,
  language: string,
  user = owner,
) {
  return apiCall(t, c.method, c.url, {
    user: c.byKey ? undefined : user,
    headers: c.byKey ? { authorization: `Bearer ${ownerKey}` } : undefined,
    body: c.body,
    language,
  });
}

beforeAll(async () => {
  t = await createTestAppWithDatabase({ RATE_LIMIT_ENABLED: "false" });
  owner = await registerUser(t);
  quiz = await createQuizIn(t, owner, await createProject(t, owner));
  const stranger = await registerUser(t);
  foreignQuiz = await createQuizIn(t, stranger, await createProject(t, stranger));
  ownerKey = (
    await expectCall<{ key: string }>(t, 201, "POST", "/api-keys/", {
      user: owner,
      body: { name: "bad input" },
    })
  ).key;
  doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json<OpenApiDocument>();
}, 60_000);
afterAll(async () => t?.close());

describe("bad input to the integration routes", () => {
  it("walks every route of every registered target", () => {
    const { routes } = badCases(doc, { quiz: 1 });
    const expected = integrationTargetKeys.flatMap(operationsOf);
    expect(expected.filter((route) => !routes.includes(route))).toEqual([]);
  });

  it("answers 400 naming the field, in the caller's language, and stores nothing", async () => {
    const before = await stored();
    const { cases } = badCases(doc, { quiz });
    expect(cases.length).toBeGreaterThan(150);
    const wrong: string[] = [];
    for (const c of cases) {
      const label = `${c.route} ${c.field} ${JSON.stringify(c.body ?? null).slice(0, 60)} ${c.url.slice(0, 80)}`;
      const en = await send(c, "en");
      const uk = await send(c, "uk");
      const enText = en.statusCode === 400 ? en.json()[c.field] : undefined;
      const ukText = uk.statusCode === 400 ? uk.json()[c.field] : undefined;
      if (en.statusCode !== 400) wrong.push(`${label}: ${en.statusCode} ${en.body.slice(0, 120)}`);
      else if (!Array.isArray(enText) || !enText.every((m) => typeof m === "string" && m)) {
        wrong.push(`${label}: the field is not named: ${en.body.slice(0, 160)}`);
      } else if (JSON.stringify(ukText) === JSON.stringify(enText)) {
        wrong.push(`${label}: not translated: ${JSON.stringify(enText)}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await stored()).toEqual(before);
  }, 300_000);

  it("answers 404 for another account's quiz, and stores nothing", async () => {
    const before = await stored();
    const wrong: string[] = [];
    for (const key of integrationTargetKeys) {
      const [create] = operationsOf(key);
      const [method = "", path = ""] = (create ?? "").split(" ");
      const body = method === "get" ? undefined : validCreateBody(key, foreignQuiz);
      const byKey = targetDescriptor(key).connect.kind === "hook";
      const url = path.replace("{id}", String(foreignQuiz));
      const answer = await send({ method: method.toUpperCase() as Method, url, body, byKey }, "en");
      if (answer.statusCode !== 404)
        wrong.push(`${key} ${create}: ${answer.statusCode} ${answer.body.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
    expect(await stored()).toEqual(before);
  });
});
