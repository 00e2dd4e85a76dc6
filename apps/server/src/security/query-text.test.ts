import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, type Method, registerUser, type TestUser } from "../test-support/api-client";
import { createPublishableQuiz, publish } from "../test-support/publication-fixtures";
import { createTestAppWithDatabase, type TestAppWithDatabase } from "../test-support/test-app";

/**
 * Unsafe text in query strings (docs/security.md "What each suite proves"): every query
 * parameter of every route of the OpenAPI document (so a parameter added later is walked
 * too), and a parameter no route declares, get a NUL byte or a lone surrogate, percent-encoded
 * (`%00`, `%ED%A0%80`, the UTF-8 bytes of U+D800) or raw in the URL: each answers 400 naming
 * the parameter with the body guard's own translated message, never 5xx or another error.
 * The caller is an owner whose records the path ids name, so a value that got through would
 * reach the services and the database.
 */

interface Operation {
  security?: Record<string, unknown>[];
  parameters?: { in: string; name: string }[];
}

interface Route {
  method: Method;
  /** Below /api/v1, the owner's ids in place of the path parameters. */
  url: string;
  query: string[];
  /** Who calls: the owner's access token, its API key (`security: apiKey`), or nobody. */
  caller: "token" | "key" | "none";
}

/** Percent-encoded and raw: WHATWG URL parsing (inject's) turns a raw NUL inside into `%00`. */
const UNSAFE = ["%00", "a%00b", "%ED%A0%80", "x%ED%B0%80y", "%F0%9F%98%80%ED%A0%80", "x\u0000y"];
const LANGUAGES = ["en", "ru", "uk"] as const;

let t: TestAppWithDatabase;
let owner: TestUser;
/** The owner's account API key, for the key-only routes (`hooks/`). */
let ownerKey: TestUser;
let routes: Route[];
/** The body guard's message for NUL in a body, per language. */
const bodyGuard = new Map<string, string>();

beforeAll(async () => {
  t = await createTestAppWithDatabase({ RATE_LIMIT_ENABLED: "false" });
  owner = await registerUser(t);
  const quiz = await createPublishableQuiz(t, owner);
  await publish(t, owner, quiz.quiz);
  const key = await apiCall(t, "POST", "/api-keys/", { user: owner, body: { name: "query" } });
  ownerKey = { ...owner, token: key.json().key };
  for (const language of LANGUAGES) {
    const refused = await apiCall(t, "POST", "/project/", {
      user: owner,
      language,
      body: { name: "a\u0000b" },
    });
    expect(refused.statusCode).toBe(400);
    bodyGuard.set(language, refused.json().name[0]);
  }
  const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  routes = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith("/api/v1/")) continue;
    for (const [method, operation] of Object.entries(item)) {
      const query = (operation.parameters ?? []).filter((p) => p.in === "query");
      if (query.length === 0) continue;
      const url = path
        .slice("/api/v1".length)
        .replace(/\/project\/\{id\}/, `/project/${quiz.project}`)
        .replace(/\{id\}/, String(quiz.quiz))
        .replace(/\/auth\/\{provider\}/, "/auth/google")
        .replace(/\/oauth\/\{provider\}/, "/oauth/hubspot")
        .replace(/\{provider\}/, "1");
      routes.push({
        method: method.toUpperCase() as Method,
        url,
        query: query.map((p) => p.name),
        caller: !operation.security?.length
          ? "none"
          : operation.security.some((s) => "apiKey" in s)
            ? "key"
            : "token",
      });
    }
  }
}, 60_000);
afterAll(async () => t?.close());

async function expectRefused(
  failures: string[],
  method: Method,
  url: string,
  field: string,
  language: string,
  user?: TestUser,
) {
  const response = await apiCall(t, method, url, { user, language });
  const expected = { [field]: [bodyGuard.get(language)] };
  if (response.statusCode !== 400 || JSON.stringify(response.json()) !== JSON.stringify(expected)) {
    failures.push(`${method} ${url} (${language}): ${response.statusCode} ${response.body}`);
  }
}

describe("unsafe text in query strings", () => {
  it("every declared query parameter of every route answers 400 with the body guard's message", async () => {
    // The leads list, its export, analytics, deliveries, templates, rating, sign-in, …
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const failures: string[] = [];
    let calls = 0;
    for (const route of routes) {
      for (const name of route.query) {
        for (const [index, value] of UNSAFE.entries()) {
          calls += 1;
          const language = LANGUAGES[calls % LANGUAGES.length] ?? "en";
          const user = { none: undefined, token: owner, key: ownerKey }[route.caller];
          const url = `${route.url}?${encodeURIComponent(name)}=${value}`;
          await expectRefused(failures, route.method, url, name, language, user);
          // After a clean parameter too: the guard reads the whole query string.
          if (index === 0 && route.query.length > 1) {
            const other = route.query.find((q) => q !== name) ?? name;
            const mixed = `${route.url}?${other}=&${encodeURIComponent(name)}=${value}`;
            await expectRefused(failures, route.method, mixed, name, language, user);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("a parameter no route declares, and a bad parameter name, answer the same 400", async () => {
    const failures: string[] = [];
    for (const [method, url, user] of [
      ["GET", "/userinfo/", owner],
      ["GET", "/project/", owner],
      ["POST", "/client-sessions/", undefined],
      ["GET", "/health/", undefined],
    ] as const) {
      for (const value of UNSAFE) {
        await expectRefused(failures, method, `${url}?utm_term=${value}`, "utm_term", "ru", user);
      }
      await expectRefused(failures, method, `${url}?a%00b=1`, "non_field_errors", "uk", user);
      await expectRefused(failures, method, `${url}?%ED%A0%80=1`, "non_field_errors", "en", user);
    }
    expect(failures).toEqual([]);
  });

  it("clean values stay untouched: UTF-8, a `%` of its own, `+` for a space", async () => {
    for (const search of ["%C3%A9t%C3%A9", "100%", "a+b", "%F0%9F%98%80"]) {
      const response = await apiCall(t, "GET", `/leadslist/?search=${search}`, { user: owner });
      expect(response.statusCode, `${search}: ${response.body}`).toBe(200);
    }
  });
});
