import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { createTestDatabase, type TestDatabase } from "../test-support/test-database";
import { redactUrl } from "./log-redaction";

describe("the access log never holds a token of a URL", () => {
  const lines: string[] = [];
  let app: Awaited<ReturnType<typeof buildApp>>;
  let database: TestDatabase;
  let dataDir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dataDir = mkdtempSync(path.join(tmpdir(), "leadquiz-log-"));
    const config = loadConfig({
      NODE_ENV: "test",
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      LOG_LEVEL: "info",
      JWT_SECRET: randomBytes(32).toString("hex"),
      ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      PUBLIC_URL: "http://localhost:3000",
      WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
    });
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString("utf8"));
        done();
      },
    });
    app = await buildApp(config, { logStream });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("redacts reset and e-mail links and secret query parameters, keeps the rest", async () => {
    const secret = "S3cr3tT0k3n_value";
    for (const url of [
      `/reset-password/${secret}`,
      `/verify-email/${secret}?x=1`,
      `/confirm-email/${secret}`,
      `/complete-registration/${secret}`,
      `/api/v1/auth/oidc/callback/?code=${secret}&state=${secret}&iss=http%3A%2F%2Fidp`,
      `/api/v1/health/?token=${secret}&refresh=${secret}`,
    ]) {
      await app.inject({ method: "GET", url });
    }
    const log = lines.join("");
    expect(log).toContain('"url":"/reset-password/[redacted]"');
    expect(log).toContain('"url":"/verify-email/[redacted]?x=1"');
    expect(log).toContain('"url":"/complete-registration/[redacted]"');
    expect(log).toContain("iss=http%3A%2F%2Fidp");
    expect(log).not.toContain(secret);
  });
});

describe("redactUrl", () => {
  it("handles odd URLs without throwing", () => {
    expect(redactUrl("/")).toBe("/");
    expect(redactUrl("/a?%E0%A4%A=1&code")).toBe("/a?%E0%A4%A=1&code");
    expect(redactUrl("/a?CODE=1&c%6Fde=2")).toBe("/a?CODE=[redacted]&c%6Fde=[redacted]");
    expect(redactUrl("/x/reset-password/abc/def")).toBe("/x/reset-password/[redacted]/def");
  });
});
