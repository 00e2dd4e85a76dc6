import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshTokens } from "../../db/schema";
import { apiCall, registerUser, TEST_PASSWORD } from "../../test-support/api-client";
import { cookieHeaderOf } from "../../test-support/registration";
import { createTestAppWithDatabase, type TestAppWithDatabase } from "../../test-support/test-app";
import { hashToken } from "./tokens.service";

/**
 * The owner app's session cookie (docs/adr/0017-session-cookie.md, docs/security.md
 * "Session"): the refresh token lives only in an HttpOnly cookie sent to the refresh and
 * logout calls, which refuse what another site could make a browser send.
 */

const APP_HEADER = { "x-requested-with": "leadquiz" };

let t: TestAppWithDatabase;
beforeAll(async () => {
  t = await createTestAppWithDatabase();
});
afterAll(async () => t.close());

/** Signs in a new owner: the answer of POST token/. */
async function signIn(): Promise<LightMyRequestResponse> {
  const user = await registerUser(t);
  const response = await apiCall(t, "POST", "/token/", {
    body: { email: user.email, password: TEST_PASSWORD },
  });
  expect(response.statusCode).toBe(200);
  return response;
}

function post(url: string, headers: Record<string, string>, body?: unknown) {
  return apiCall(t, "POST", url, { headers, ...(body === undefined ? {} : { body }) });
}

/** The refresh token a Cookie header carries. */
const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf("=") + 1);

async function storedToken(cookie: string) {
  const rows = await t.database.db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(tokenOf(cookie))));
  return rows[0];
}

describe("the session cookie", () => {
  it("is HttpOnly, SameSite=Strict, host-only, scoped to refresh and logout, 14 days", async () => {
    const response = await signIn();
    const raw = response.headers["set-cookie"];
    expect(Array.isArray(raw) ? raw.length : 0).toBe(2);
    const value = tokenOf(cookieHeaderOf(response));
    expect(raw).toEqual([
      `lq_refresh=${value}; Max-Age=1209600; Path=/api/v1/token/refresh; HttpOnly; SameSite=Strict`,
      `lq_refresh=${value}; Max-Age=1209600; Path=/api/v1/logout; HttpOnly; SameSite=Strict`,
    ]);
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("is Secure and __Secure- prefixed when PUBLIC_URL is https", async () => {
    const https = await createTestAppWithDatabase({
      PUBLIC_URL: "https://app.example.com",
      VISITOR_URL: "https://quizzes.example.net",
    });
    try {
      const user = await registerUser(https);
      const response = await apiCall(https, "POST", "/token/", {
        body: { email: user.email, password: TEST_PASSWORD },
      });
      const raw = response.headers["set-cookie"] as string[];
      expect(raw).toHaveLength(2);
      for (const cookie of raw) {
        expect(cookie).toMatch(
          /^__Secure-lq_refresh=[\w.-]+; Max-Age=1209600; Path=\/api\/v1\/(token\/refresh|logout); HttpOnly; SameSite=Strict; Secure$/,
        );
      }
      // The https app reads its own name only (the plain one is not its cookie).
      const cookie = cookieHeaderOf(response);
      const headers = { ...APP_HEADER, origin: "https://app.example.com" };
      const plain = await apiCall(https, "POST", "/token/refresh/", {
        headers: { ...headers, cookie: `lq_refresh=${tokenOf(cookie)}` },
      });
      expect(plain.statusCode).toBe(401);
      const refreshed = await apiCall(https, "POST", "/token/refresh/", {
        headers: { ...headers, cookie },
      });
      expect(refreshed.statusCode).toBe(200);
    } finally {
      await https.close();
    }
  });

  it("never puts the refresh token in a body: sign-in, refresh, password change", async () => {
    const signedIn = await signIn();
    const refreshed = await post("/token/refresh/", {
      ...APP_HEADER,
      cookie: cookieHeaderOf(signedIn),
    });
    expect(refreshed.statusCode).toBe(200);
    const changed = await post(
      "/change-password/",
      { authorization: `Bearer ${refreshed.json().access}` },
      { old_password: TEST_PASSWORD, new_password: "another-secret-8" },
    );
    expect(changed.statusCode).toBe(200);
    for (const response of [signedIn, refreshed, changed]) {
      expect(response.body).not.toContain(tokenOf(cookieHeaderOf(response)));
      expect(Object.keys(response.json())).not.toContain("refresh");
    }
  });

  it("refreshes with either spelling of the path and reaches only those two calls", async () => {
    const signedIn = await signIn();
    const first = await post("/token/refresh", { ...APP_HEADER, cookie: cookieHeaderOf(signedIn) });
    expect(first.statusCode).toBe(200);
    const second = await post("/token/refresh/", { ...APP_HEADER, cookie: cookieHeaderOf(first) });
    expect(second.statusCode).toBe(200);
    const paths = second.cookies.map((cookie) => cookie.path);
    expect(paths).toEqual(["/api/v1/token/refresh", "/api/v1/logout"]);
  });
});

describe("another site cannot make the refresh or the logout call (CSRF)", () => {
  const refusals: [string, Record<string, string>][] = [
    ["without the app's header", {}],
    ["from a foreign Origin", { ...APP_HEADER, origin: "https://evil.example" }],
    ["from an opaque Origin", { ...APP_HEADER, origin: "null" }],
    ["from a sibling origin", { ...APP_HEADER, origin: "http://localhost:3001" }],
  ];

  for (const [name, headers] of refusals) {
    it(`refuses ${name} with 403, translated, and changes nothing`, async () => {
      const cookie = cookieHeaderOf(await signIn());
      for (const url of ["/token/refresh/", "/logout/"]) {
        const response = await apiCall(t, "POST", url, {
          headers: { ...headers, cookie },
          language: "uk",
        });
        expect(response.statusCode, url).toBe(403);
        expect(response.json().code).toBe("permission_denied");
        expect(response.json().detail).toBe(
          "Цей запит приймається лише від самого застосунку Leadquiz.",
        );
        expect(response.headers["set-cookie"], url).toBeUndefined();
      }
      // Nothing rotated, nothing revoked: the cookie still refreshes, once.
      const stored = await storedToken(cookie);
      expect(stored?.usedAt).toBeNull();
      expect(stored?.revokedAt).toBeNull();
      const app = await post("/token/refresh/", {
        ...APP_HEADER,
        origin: "http://localhost:3000",
        cookie,
      });
      expect(app.statusCode).toBe(200);
    });
  }

  it("refuses two session cookies in one request (cookie tossing) and deletes ours", async () => {
    const ours = cookieHeaderOf(await signIn());
    const tossed = cookieHeaderOf(await signIn());
    for (const url of ["/token/refresh/", "/logout/"]) {
      const response = await post(url, { ...APP_HEADER, cookie: `${tossed}; ${ours}` });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().code).toBe("token_not_valid");
      expect(response.cookies.map((c) => [c.name, c.value, c.maxAge])).toEqual([
        ["lq_refresh", "", 0],
        ["lq_refresh", "", 0],
      ]);
    }
    // Neither session was spent or revoked by it.
    for (const cookie of [ours, tossed]) {
      const stored = await storedToken(cookie);
      expect([stored?.usedAt, stored?.revokedAt]).toEqual([null, null]);
    }
  });

  it("takes no refresh token from the body", async () => {
    const cookie = cookieHeaderOf(await signIn());
    const response = await post("/token/refresh/", APP_HEADER, { refresh: tokenOf(cookie) });
    expect(response.statusCode).toBe(401);
    expect((await storedToken(cookie))?.usedAt).toBeNull();
    const logout = await post("/logout/", APP_HEADER, { refresh: tokenOf(cookie) });
    expect(logout.statusCode).toBe(205);
    expect((await storedToken(cookie))?.revokedAt).toBeNull();
  });
});

describe("the cookie through the API's other answers", () => {
  it("a refresh answer's cookie replaces the old one: the spent token later revokes the chain", async () => {
    const first = cookieHeaderOf(await signIn());
    const second = await post("/token/refresh/", { ...APP_HEADER, cookie: first });
    const third = await post("/token/refresh/", {
      ...APP_HEADER,
      cookie: cookieHeaderOf(second),
    });
    expect(third.statusCode).toBe(200);
    // A copy of the first cookie replayed (stolen before it rotated): the chain dies.
    const replay = await post("/token/refresh/", { ...APP_HEADER, cookie: first });
    expect(replay.statusCode).toBe(401);
    const victim = await post("/token/refresh/", { ...APP_HEADER, cookie: cookieHeaderOf(third) });
    expect(victim.statusCode).toBe(401);
  });
});
