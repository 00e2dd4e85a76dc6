import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openApiDocumentOfSource } from "../openapi-source";
import { createTestApp, type TestApp } from "../test-support/test-app";

let distDir: string;
let t: TestApp;

beforeAll(async () => {
  // A built owner app: the server then also answers the app's client-side routes.
  distDir = mkdtempSync(path.join(tmpdir(), "leadquiz-web-dist-"));
  writeFileSync(path.join(distDir, "index.html"), "<!doctype html><html><body></body></html>");
  t = await createTestApp({ WEB_DIST_DIR: distDir });
}, 120_000);

afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe("the OpenAPI document the server serves", () => {
  it("is the one `npm run lint:openapi` lints (built without the owner app)", async () => {
    const page = await t.app.inject({ method: "GET", url: "/quiz/12/questions" });
    expect(page.statusCode).toBe(200);
    const served = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(served.statusCode).toBe(200);
    const linted = await openApiDocumentOfSource();
    expect(served.json()).toEqual(linted);
    expect(Object.keys(served.json().paths)).not.toContain("/{*}");
    // Builds a second app and both documents: slow on a busy machine.
  }, 180_000);
});
