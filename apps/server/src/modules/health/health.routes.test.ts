import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-support/test-app";

describe("GET /api/v1/health", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("answers ok after checking the database, with and without the trailing slash", async () => {
    for (const url of ["/api/v1/health/", "/api/v1/health"]) {
      const response = await t.app.inject({ method: "GET", url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: "ok" });
    }
  });

  it("sends security headers", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/health/" });
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("SAMEORIGIN");
    expect(response.headers["strict-transport-security"]).toContain("max-age=");
    expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(response.headers["cross-origin-embedder-policy"]).toBeUndefined();
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    // The app's own directives (app.ts) over helmet's defaults.
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data: blob:");
    // Also on answers no route handled.
    const missing = await t.app.inject({ method: "GET", url: "/api/v1/no-such-thing/" });
    expect(missing.headers["x-content-type-options"]).toBe("nosniff");
    expect(missing.headers["content-security-policy"]).toBe(csp);
  });

  it("answers an unknown API path with a translated 404", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/v1/no-such-thing/",
      headers: { "accept-language": "uk" },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe("not_found");
  });

  it("publishes the OpenAPI document at /api/docs", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    expect(response.json().paths).toHaveProperty("/api/v1/health/");
  });
});
