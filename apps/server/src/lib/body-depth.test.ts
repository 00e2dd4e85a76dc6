import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, registerUser, type TestUser } from "../test-support/api-client";
import { createTestAppWithDatabase, type TestAppWithDatabase } from "../test-support/test-app";
import { findUnsafeText, MAX_BODY_DEPTH } from "./unsafe-text";

type Operation = { requestBody?: { content: Record<string, unknown> } };

/** `depth` nested arrays around a string (the body of the probe was 8,000 `[`). */
function nested(depth: number, inner: unknown = "x"): unknown {
  let value = inner;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

let t: TestAppWithDatabase;
let user: TestUser;
let writes: { method: string; path: string }[];

beforeAll(async () => {
  t = await createTestAppWithDatabase({ RATE_LIMIT_ENABLED: "false" });
  user = await registerUser(t);
  const document = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  writes = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([, operation]) => operation.requestBody !== undefined)
      .map(([method]) => ({
        method: method.toUpperCase(),
        path: path.replace("/api/v1", "").replace(/\{[^}]+\}/g, "1"),
      })),
  );
});
afterAll(async () => t.close());

describe("deeply nested bodies", () => {
  it("answer 400 too_deep on every write route of the API, never 5xx", async () => {
    expect(writes.length).toBeGreaterThan(30);
    // Sent as text: JSON.stringify itself cannot write a value this deep.
    const deep = `${"[".repeat(8_000)}${"]".repeat(8_000)}`;
    const failures: string[] = [];
    for (const { method, path } of writes) {
      for (const payload of [deep, `{"name":${deep}}`]) {
        const response = await t.app.inject({
          method: method as "POST",
          url: `/api/v1${path}`,
          headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
          payload,
        });
        if (response.statusCode >= 500) failures.push(`${method} ${path}: ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    const register = await t.app.inject({
      method: "POST",
      url: "/api/v1/register/",
      headers: { "content-type": "application/json" },
      payload: `{"email":"deep@example.com","password":"abcdefgh1","language":${deep}}`,
    });
    expect(register.statusCode).toBe(400);
    expect(register.json()).toEqual({
      non_field_errors: ["The request is nested too deeply (at most 400 levels)"],
    });
  });

  it("answer 400 in multipart text parts too", async () => {
    // The routes that take files (media.plugin.ts), with a record of the user's own.
    const project = await apiCall(t, "POST", "/project/", { user, body: { name: "p" } });
    const quiz = await apiCall(t, "POST", "/quiz/", {
      user,
      body: { project: project.json().id, name: "q" },
    });
    expect(quiz.statusCode, quiz.body).toBe(201);
    for (const { method, path } of [{ method: "PATCH", path: `/quiz/${quiz.json().id}/` }]) {
      const boundary = "----leadquiz-depth";
      const payload =
        `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\n` +
        `${"[".repeat(8_000)}${"]".repeat(8_000)}\r\n--${boundary}--\r\n`;
      const response = await t.app.inject({
        method: method as "POST",
        url: `/api/v1${path}`,
        headers: {
          authorization: `Bearer ${user.token}`,
          "content-type": `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });
      expect(response.statusCode, `${method} ${path} ${response.body}`).toBe(400);
      expect(response.json()).toEqual({
        non_field_errors: ["The request is nested too deeply (at most 400 levels)"],
      });
    }
  });

  it("walks without recursion: as deep as allowed passes, one level more does not", () => {
    expect(findUnsafeText(nested(MAX_BODY_DEPTH - 1, "ok"))).toBeUndefined();
    expect(findUnsafeText({ a: nested(MAX_BODY_DEPTH - 2, "bad\u0000") })).toBe(
      `a${".0".repeat(MAX_BODY_DEPTH - 2)}`,
    );
    expect(() => findUnsafeText(nested(MAX_BODY_DEPTH + 1))).toThrow(/non_field_errors/);
    expect(findUnsafeText({ a: "fine", b: ["x", "\ud800"] })).toBe("b.1");
  });
});
