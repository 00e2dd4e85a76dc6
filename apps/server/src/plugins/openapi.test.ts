import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test-support/test-app";
import { operationKey } from "./openapi-document";
import { operations } from "./openapi-operations";

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  parameters?: { in: string; example?: unknown }[];
  requestBody?: { content: Record<string, { example?: unknown }> };
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
}

let t: TestApp;
let paths: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: "GET", url: "/api/docs/json" });
  paths = response.json().paths;
});
afterAll(async () => t.close());

function everyOperation(): [string, Operation][] {
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]): [string, Operation] => [
      operationKey(method, path),
      operation,
    ]),
  );
}

describe("the OpenAPI document", () => {
  it("names every registered route in the operation catalogue, and nothing else", () => {
    const documented = everyOperation().map(([key]) => key);
    const missing = documented.filter((key) => !(key in operations));
    expect(missing, "add these to the endpoint table (packages/contract/src/endpoints)").toEqual(
      [],
    );
    const stale = Object.keys(operations).filter((key) => !documented.includes(key));
    expect(stale, "no route answers these catalogue entries").toEqual([]);
  });

  it("gives each operation a unique operationId, a summary, tags and an example", () => {
    const ids = new Set<string>();
    for (const [key, operation] of everyOperation()) {
      expect(operation.operationId, key).toBe(operations[key]?.operationId);
      ids.add(operation.operationId ?? "");
      expect(operation.summary, key).toBeTruthy();
      expect(operation.tags?.length, key).toBeGreaterThan(0);
      const examples = [
        ...(operation.parameters ?? []).map((parameter) => parameter.example),
        ...Object.values(operation.requestBody?.content ?? {}).map((media) => media.example),
        ...Object.values(operation.responses).flatMap((response) =>
          Object.values(response.content ?? {}).map((media) => media.example),
        ),
      ].filter((example) => example !== undefined);
      expect(examples.length, key).toBeGreaterThan(0);
    }
    expect(ids.size).toBe(everyOperation().length);
  });

  it("marks the public operations as such and the others as needing a bearer token", async () => {
    for (const [key, operation] of everyOperation()) {
      expect(operation.security, key).toBeDefined();
    }
    expect(paths["/api/v1/token/"]?.post?.security).toEqual([]);
    expect(paths["/api/v1/project/"]?.get?.security).toEqual([{ bearer: [] }]);
    // What the document says is what the server does.
    const anonymous = await t.app.inject({ method: "GET", url: "/api/v1/project/" });
    expect(anonymous.statusCode).toBe(401);
    const list = await t.app.inject({ method: "GET", url: "/api/v1/languagelist/" });
    expect(list.statusCode).toBe(200);
  });

  it("documents social sign-in as the redirect and errors it answers", async () => {
    const start = paths["/api/v1/auth/{provider}/start/"]?.get;
    expect(Object.keys(start?.responses ?? {}).sort()).toEqual(["302", "400", "404"]);
    const unknown = await t.app.inject({ method: "GET", url: "/api/v1/auth/nowhere/start/" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("not_found");
  });

  it("writes nullable values the way OpenAPI 3.0 reads them (beside a type)", () => {
    const untyped: string[] = [];
    const walk = (value: unknown, at: string): void => {
      if (Array.isArray(value)) {
        for (const [i, item] of value.entries()) walk(item, `${at}/${i}`);
      } else if (typeof value === "object" && value !== null) {
        const schema = Object.fromEntries(Object.entries(value));
        if (schema.nullable === true && schema.type === undefined) untyped.push(at);
        for (const [key, child] of Object.entries(schema)) walk(child, `${at}/${key}`);
      }
    };
    walk(paths, "#/paths");
    expect(untyped).toEqual([]);
    // `range_from` is a number, a string or null: each branch says it may be null.
    const condition = JSON.stringify(paths["/api/v1/resultcondition/{id}/"]?.get?.responses);
    expect(condition).toContain('"range_from":{"anyOf":[{"type":"number","nullable":true}');
  });
});
