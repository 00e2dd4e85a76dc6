import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectCall,
  freshIp,
  type Method,
  registerUser,
  type TestUser,
} from "../test-support/api-client";
import { apiPaths } from "../test-support/api-paths";
import {
  type JsonSchema,
  type OpenApiDocument,
  requestBodySchema,
  resolveSchema,
} from "../test-support/openapi-schema";
import { createPublishableQuiz, publish } from "../test-support/publication-fixtures";
import { createTestAppWithDatabase, type TestAppWithDatabase } from "../test-support/test-app";

/**
 * Contract fuzzing (docs/security.md "What each suite proves"): every write route (POST,
 * PUT, PATCH) of the OpenAPI document gets generated bodies — values drawn from the route's
 * own body schema (the document's JSON schema, generated from the zod schemas of
 * packages/contract), mixed with hostile ones: wrong types, integer bounds ±1 and 2^31,
 * 500 levels of nesting, NUL and lone surrogates, 1 MB strings, prototype keys, empty and
 * null bodies. Signed in as an owner whose records the path ids name. No answer may be 5xx,
 * and the server answers its health check after. fast-check shrinks a failure to the
 * smallest body, which the failure message prints.
 *
 * 200 bodies per route with SECURITY_SUITES=1 (the `.ci/run` step), 20 otherwise.
 */

const FULL = process.env.SECURITY_SUITES === "1";
const RUNS = FULL ? 200 : 20;

type Document = OpenApiDocument;

interface WriteRoute {
  method: Method;
  /** Below /api/v1, the owner's ids in place of the parameters. */
  url: string;
  schema: JsonSchema;
  /** Authenticated by an account API key (`security: apiKey`: the hooks/ routes). */
  byKey: boolean;
}

/** A body to send: a JSON value, raw text (not JSON, or deeper than JSON.stringify goes), or none. */
type Body = { json: unknown } | { raw: string } | { none: true };

const MEGABYTE = "x".repeat(1024 * 1024);
const INT32 = 2 ** 31;

/** `depth` levels of nesting around `inner`, alternating arrays and objects. */
function nested(depth: number, inner: unknown): unknown {
  let value = inner;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** Own `__proto__` / `constructor` keys, as JSON.parse makes them from a request body. */
const prototypeKeys = fc.constantFrom(
  JSON.parse('{"__proto__":{"polluted":true,"is_staff":true}}'),
  JSON.parse('{"constructor":{"prototype":{"polluted":true}}}'),
  JSON.parse('{"__proto__":null}'),
);

/** Values wrong anywhere: types, bounds, encodings, sizes, nesting. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    "",
    true,
    0,
    -1,
    INT32,
    INT32 - 1,
    -INT32,
    -INT32 - 1,
    2 ** 53,
    1e308,
    -1e308,
    0.5,
    "1",
    "\u0000",
    "a\u0000b",
    "\ud800",
    "x\udfffy",
    "\ufeff",
    MEGABYTE,
    [],
    {},
    [null],
    nested(500, "x"),
  ),
  prototypeKeys,
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.anything({ maxDepth: 3, maxKeys: 4 }),
);

const resolve = resolveSchema;

/** The owner's record ids, so that generated references often name something real. */
let knownIds: number[] = [1];

/**
 * Values the schema admits, at and beyond its edges; when `dirty`, hostile values in one
 * case of five at every level.
 */
function fromSchema(
  raw: JsonSchema,
  doc: Document,
  dirty: boolean,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (depth > 6) return dirty ? hostile : fc.constant(null);
  const schema = resolve(raw, doc);
  const variants = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  let fitting: fc.Arbitrary<unknown>;
  if (variants.length) {
    fitting = fc.oneof(...variants.map((variant) => fromSchema(variant, doc, dirty, depth + 1)));
  } else if (schema.const !== undefined) {
    fitting = fc.constant(schema.const);
  } else if (schema.enum?.length) {
    fitting = fc.constantFrom(...schema.enum);
  } else {
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    const arbitraries = types.map((type) => ofType(type, schema, doc, dirty, depth));
    fitting = arbitraries.length ? fc.oneof(...arbitraries) : fc.anything({ maxDepth: 2 });
  }
  return dirty
    ? fc.oneof({ arbitrary: fitting, weight: 4 }, { arbitrary: hostile, weight: 1 })
    : fitting;
}

function ofType(type: string, schema: JsonSchema, doc: Document, dirty: boolean, depth: number) {
  switch (type) {
    case "integer":
    case "number": {
      const min = schema.minimum ?? -INT32;
      const max = schema.maximum ?? INT32 - 1;
      const inRange =
        type === "integer"
          ? fc.integer({ min: Math.max(min, -(2 ** 53)), max: Math.min(max, 2 ** 53) })
          : fc.double({ min, max, noNaN: true });
      return fc.oneof(
        inRange,
        fc.constantFrom(...knownIds),
        fc.constantFrom(min, max, min - 1, max + 1, INT32, -INT32 - 1),
      );
    }
    case "string": {
      const maxLength = Math.min(schema.maxLength ?? 64, 64);
      const edge = schema.maxLength ?? 1000;
      const shaped = shapedString(schema);
      return fc.oneof(
        ...(shaped ? [{ arbitrary: shaped, weight: 3 }] : []),
        fc.string({ maxLength }),
        fc.string({ unit: "grapheme", maxLength }),
        fc.constantFrom("x".repeat(edge), "x".repeat(edge + 1), "é".repeat(edge + 1)),
        fc.constantFrom("http://example.com/", "a@example.com", "2026-01-01", "#ffffff"),
      );
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(schema.items ? fromSchema(schema.items, doc, dirty, depth + 1) : hostile, {
        maxLength: Math.min(schema.maxItems ?? 5, 5),
      });
    case "object": {
      const properties = schema.properties ?? {};
      const names = Object.keys(properties);
      if (!names.length) return fc.dictionary(fc.string({ maxLength: 8 }), hostile, { maxKeys: 3 });
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const name of names)
        model[name] = fromSchema(properties[name] ?? {}, doc, dirty, depth + 1);
      const required: Record<string, fc.Arbitrary<unknown>> = {};
      for (const name of schema.required ?? []) required[name] = model[name] ?? hostile;
      return fc.oneof(
        { arbitrary: fc.record(required), weight: 2 },
        { arbitrary: fc.record(model, { requiredKeys: schema.required ?? [] }), weight: 3 },
        { arbitrary: fc.record(model, { requiredKeys: [] }), weight: 1 },
      );
    }
    default:
      return hostile;
  }
}

/** Strings of the schema's format or pattern, when it has one fast-check can follow. */
function shapedString(schema: JsonSchema): fc.Arbitrary<string> | undefined {
  if (schema.format === "email") return fc.emailAddress();
  if (schema.format === "uri") return fc.webUrl();
  if (!schema.pattern) return undefined;
  try {
    return fc.stringMatching(new RegExp(schema.pattern));
  } catch {
    return undefined; // a pattern JavaScript's RegExp cannot read: the other strings only
  }
}

/**
 * Whole bodies: from the schema, clean (reaching the services and the database) or with
 * hostile values inside; sometimes wrong as a whole.
 */
function bodies(schema: JsonSchema, doc: Document): fc.Arbitrary<Body> {
  return fc.oneof(
    { arbitrary: fromSchema(schema, doc, false).map((json) => ({ json })), weight: 5 },
    { arbitrary: fromSchema(schema, doc, true).map((json) => ({ json })), weight: 4 },
    {
      arbitrary: fc.constantFrom<Body>(
        { none: true },
        { raw: "" },
        { raw: "null" },
        { raw: "{" },
        { raw: `${"[".repeat(500)}${"]".repeat(500)}` },
        { raw: `{"a":"\\u0000","b":"\\ud800"}` },
        { raw: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
      ),
      weight: 1,
    },
    { arbitrary: hostile.map((json) => ({ json })), weight: 1 },
  );
}

let t: TestAppWithDatabase;
let owner: TestUser;
/** The owner's account API key (docs/delivery.md "REST hooks"). */
let ownerKey: string;
let doc: Document;
let writes: WriteRoute[];

beforeAll(async () => {
  t = await createTestAppWithDatabase({ RATE_LIMIT_ENABLED: "false" });
  owner = await registerUser(t);
  const quiz = await createPublishableQuiz(t, owner);
  await publish(t, owner, quiz.quiz);
  ownerKey = (
    await expectCall<{ key: string }>(t, 201, "POST", "/api-keys/", {
      user: owner,
      body: { name: "fuzz" },
    })
  ).key;
  const post = <T>(url: string, body: unknown) =>
    expectCall<T>(t, 201, "POST", url, { user: owner, body });
  const addition = await post<{ id: number }>("/addition/", { quiz: quiz.quiz, type: 1 });
  const [formfield] = await expectCall<{ id: number }[]>(
    t,
    200,
    "GET",
    `/quiz/${quiz.quiz}/formfield_list/`,
    { user: owner },
  );
  const second = await post<{ id: number }>("/question/", {
    quiz: quiz.quiz,
    type: 1,
    title: "q2",
  });
  const condition = { ref_question: quiz.question, kind: "answers", answers: quiz.answers };
  const questioncondition = await post<{ id: number }>("/questioncondition/", {
    question: second.id,
    ...condition,
  });
  const resultcondition = await post<{ id: number }>("/resultcondition/", {
    result: quiz.result,
    ...condition,
  });
  await post("/config/quiz/", { quiz: quiz.quiz });
  const config = await expectCall<{ id: number }>(t, 200, "GET", `/config/quiz/${quiz.quiz}`, {
    user: owner,
  });
  const portfolio = await post<{ id: number }>("/portfolio/", { name: "Case" });
  /** The owner's record for each path segment before an `{id}`; the quiz otherwise. */
  const ids: Record<string, number | string> = {
    portfolio: portfolio.id,
    project: quiz.project,
    question: quiz.question,
    answer: quiz.answers[0] ?? quiz.quiz,
    result: quiz.result,
    formfield: formfield?.id ?? quiz.quiz,
    addition: addition.id,
    questioncondition: questioncondition.id,
    resultcondition: resultcondition.id,
    userinfo: owner.id,
  };
  knownIds = [...new Set([...Object.values(ids), ...quiz.answers, second.id, config.id])].filter(
    (id): id is number => typeof id === "number",
  );
  doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json<Document>();
  writes = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith("/api/v1/")) continue;
    for (const [method, operation] of Object.entries(item)) {
      if (!["post", "put", "patch"].includes(method)) continue;
      // Reads no body and ends every session of the owner by design (accounts tests): it
      // would leave the rest of the walk signed out.
      if (path === `/api/v1${apiPaths.logoutAll}`) continue;
      const schema = requestBodySchema(operation);
      const url = path
        .slice("/api/v1".length)
        .replace(/([a-z_-]+)\/\{([^}]+)\}/g, (_, segment, name) => {
          if (name === "public_key") return `${segment}/${quiz.publicKey}`;
          if (path.startsWith("/api/v1/config/quiz/")) return `${segment}/${config.id}`;
          return `${segment}/${ids[segment] ?? quiz.quiz}`;
        });
      const byKey = (operation.security ?? []).some((s) => "apiKey" in s);
      writes.push({ method: method.toUpperCase() as Method, url, schema: schema ?? {}, byKey });
    }
  }
}, 60_000);
afterAll(async () => t?.close());

async function send(route: WriteRoute, body: Body) {
  const headers: Record<string, string> = {
    authorization: `Bearer ${route.byKey ? ownerKey : owner.token}`,
  };
  if ("none" in body)
    return t.app.inject({ method: route.method, url: `/api/v1${route.url}`, headers });
  headers["content-type"] = "application/json";
  const payload = "raw" in body ? body.raw : (JSON.stringify(body.json) ?? "null");
  return t.app.inject({
    method: route.method,
    url: `/api/v1${route.url}`,
    headers,
    remoteAddress: freshIp(),
    payload,
  });
}

describe(`contract fuzzing (${RUNS} bodies per write route${FULL ? "" : "; 200 with SECURITY_SUITES=1"})`, () => {
  it("no generated body makes a write route answer 5xx, and the server stays healthy", async () => {
    expect(writes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    let accepted = 0;
    for (const route of writes) {
      try {
        await fc.assert(
          fc.asyncProperty(bodies(route.schema, doc), async (body) => {
            const response = await send(route, body);
            if (response.statusCode < 300) accepted += 1;
            if (response.statusCode >= 500) {
              throw new Error(`${response.statusCode} ${response.body.slice(0, 300)}`);
            }
          }),
          { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) },
        );
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        failures.push(`${route.method} ${route.url}: ${text.slice(0, 2000)}`);
      }
    }
    expect(failures).toEqual([]);
    // The schema-shaped bodies reach the services and the database, not only validation.
    expect(accepted).toBeGreaterThan((writes.length * RUNS) / 20);
    const health = await t.app.inject({ method: "GET", url: "/api/v1/health/" });
    expect(health.statusCode, health.body).toBe(200);
    // The owner's session survived the fuzzing (prototype keys elevated nothing, broke nothing).
    await expectCall(t, 200, "GET", "/userinfo/", { user: owner });
  }, 600_000);
});
