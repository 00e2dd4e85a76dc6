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
    expect(response.headers["content-security-policy"]).toContain("default-src 'self'");
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
