import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, expectCall, registerUser, type TestUser } from "../test-support/api-client";
import { createPublishableQuiz, publish } from "../test-support/publication-fixtures";
import {
  createTestApp,
  TEST_PUBLIC_URL,
  TEST_VISITOR_URL,
  type TestApp,
  VISITOR_HOST,
} from "../test-support/test-app";

/**
 * docs/adr/0016-visitor-origin.md: one process answers the owner app (PUBLIC_URL,
 * `localhost:3000` in tests, inject's own `Host: localhost:80`) and the visitor origin
 * (`127.0.0.1:3000`, and `{subdomain}.LANDING_HOST`), told apart by the host. Owners' pages
 * never answer on the app's host, and the owner app and its API never on a visitor host.
 */

let t: TestApp;
let owner: TestUser;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), "leadquiz-origin-web-"));
  writeFileSync(
    path.join(webDist, "index.html"),
    '<!doctype html><html><body><div id="root"></div><script type="module" src="/assets/a.js"></script></body></html>',
  );
  t = await createTestApp({
    RATE_LIMIT_ENABLED: "false",
    WEB_DIST_DIR: webDist,
    LANDING_HOST: "quiz.test",
  });
  owner = await registerUser(t);
}, 60_000);
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const request = (method: "GET" | "POST" | "DELETE", url: string, host?: string) =>
  t.app.inject({ method, url, headers: host ? { host } : {} });

describe("on the owner app's host", () => {
  it("sends old links of visitor pages to the visitor origin for good, query kept", async () => {
    for (const url of [
      "/q/Ab12Cd34?utm_source=mail&utm_campaign=spring",
      "/q/Ab12Cd34?embed=1&mode=popup",
      "/q/Ab12Cd34",
      "/q/-/embed-sample?data-leadquiz=K1&lang=ru",
      "/l/sofa-shop?utm_medium=cpc",
      "/u/maria-k",
    ]) {
      const response = await request("GET", url);
      expect(response.statusCode, url).toBe(308);
      expect(response.headers.location, url).toBe(`${TEST_VISITOR_URL}${url}`);
    }
  });

  it("keeps the editor's preview, the owner app and the whole API", async () => {
    expect((await request("GET", "/q/-/preview")).statusCode).not.toBe(308);
    const app = await request("GET", "/projects");
    expect(app.statusCode).toBe(200);
    expect(app.body).toContain('<div id="root">');
    await expectCall(t, 200, "GET", "/userinfo/", { user: owner });
  });

  it("sends a policy that lets no third party's script run", async () => {
    const answers = [
      await request("GET", "/"),
      await request("GET", "/quiz/12/questions"),
      await apiCall(t, "GET", "/userinfo/", { user: owner }),
      await apiCall(t, "GET", "/health/"),
      await request("GET", "/q/-/preview"),
    ];
    for (const answer of answers) {
      const csp = String(answer.headers["content-security-policy"]);
      const scripts = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1]?.trim();
      expect(scripts, csp).toBe("'self'");
      expect(csp).not.toMatch(/googletagmanager|facebook|tiktok|https:(?!\/\/)/);
    }
    const csp = String(answers[0]?.headers["content-security-policy"]);
    // It frames its own preview and the visitor origin's pages (the embed's sample, landings).
    expect(csp).toContain(`frame-src 'self' ${TEST_VISITOR_URL}`);
  });
});

describe("on the visitor host", () => {
  it("answers no owner API call, signed in or not", async () => {
    for (const [method, url] of [
      ["GET", "/userinfo/"],
      ["GET", "/project/"],
      ["POST", "/token/"],
      ["POST", "/token/refresh/"],
      ["POST", "/logout/"],
      ["POST", "/register/"],
      ["POST", "/register/complete/"],
      ["GET", "/key_value/?keys=trial_days"],
    ] as const) {
      const response = await apiCall(t, method, url, {
        user: owner,
        host: VISITOR_HOST,
        body: method === "POST" ? {} : undefined,
      });
      expect(response.statusCode, url).toBe(404);
      expect(response.json(), url).toMatchObject({ code: "not_found" });
    }
    expect((await request("GET", "/api/docs", VISITOR_HOST)).statusCode).toBe(404);
    expect((await request("GET", "/api/docs/json", VISITOR_HOST)).statusCode).toBe(404);
  });

  it("never renders the owner app: its pages go to PUBLIC_URL", async () => {
    for (const url of ["/", "/login?next=%2Fprojects", "/projects", "/q/-/preview"]) {
      const response = await request("GET", url, VISITOR_HOST);
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe(`${TEST_PUBLIC_URL}${url}`);
      expect(response.body).not.toContain('<div id="root">');
    }
    expect((await request("DELETE", "/projects", VISITOR_HOST)).statusCode).toBe(404);
  });

  it("answers the visitors' calls, the health check and the legal pages", async () => {
    const made = await createPublishableQuiz(t, owner);
    await publish(t, owner, made.quiz);
    const read = await apiCall(t, "GET", `/public/quiz/${made.publicKey}/`, { host: VISITOR_HOST });
    expect(read.statusCode).toBe(200);
    const session = await apiCall(t, "POST", "/client-sessions/", {
      host: VISITOR_HOST,
      body: { quiz: made.publicKey },
    });
    expect(session.statusCode).toBeLessThan(300);
    expect((await apiCall(t, "GET", "/health/", { host: VISITOR_HOST })).statusCode).toBe(200);
    for (const host of [VISITOR_HOST, undefined]) {
      const legal = await request("GET", "/en/u/privacy_policy_page/", host);
      expect(legal.statusCode).toBe(200);
    }
  });

  it("treats a landing host and a proxy's forwarded visitor host alike", async () => {
    const landing = await apiCall(t, "GET", "/userinfo/", {
      user: owner,
      host: "sofa-shop.quiz.test",
    });
    expect(landing.statusCode).toBe(404);
    // X-Forwarded-Host counts only from a trusted proxy (TRUST_PROXY); here none is.
    const forged = await t.app.inject({
      method: "GET",
      url: "/q/Ab12Cd34",
      headers: { "x-forwarded-host": VISITOR_HOST },
    });
    expect(forged.statusCode).toBe(308);
    const proxied = await createTestApp({ TRUST_PROXY: "127.0.0.1" });
    try {
      const behind = (host: string) =>
        proxied.app.inject({
          method: "GET",
          url: "/api/v1/health/",
          headers: { host: "internal:8080", "x-forwarded-host": host },
        });
      expect((await behind(VISITOR_HOST)).statusCode).toBe(200);
      const app = await proxied.app.inject({
        method: "GET",
        url: "/q/Ab12Cd34?x=1",
        headers: { host: "internal:8080", "x-forwarded-host": "localhost:3000" },
      });
      expect(app.headers.location).toBe(`${TEST_VISITOR_URL}/q/Ab12Cd34?x=1`);
      const visitor = await proxied.app.inject({
        method: "GET",
        url: "/api/v1/userinfo/",
        headers: { host: "localhost:3000", "x-forwarded-host": VISITOR_HOST },
      });
      expect(visitor.statusCode).toBe(404);
    } finally {
      await proxied.close();
    }
  });
});
