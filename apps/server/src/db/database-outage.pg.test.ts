import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { startTcpProxy, type TcpProxy } from "../test-support/tcp-proxy";
import { createTestDatabase, type TestDatabase } from "../test-support/test-database";

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("condition not reached in time");
}

describe("when PostgreSQL goes away and comes back", () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let app: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const target = new URL(database.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(database.url);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    dataDir = mkdtempSync(path.join(tmpdir(), "leadquiz-outage-"));
    app = await buildApp(
      loadConfig({
        NODE_ENV: "test",
        LOG_LEVEL: "silent",
        DATA_DIR: dataDir,
        DATABASE_URL: viaProxy.toString(),
        JWT_SECRET: randomBytes(32).toString("hex"),
        ENCRYPTION_KEY: randomBytes(32).toString("hex"),
      }),
    );
  });

  afterAll(async () => {
    await app.close();
    await proxy.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const health = () => app.inject({ method: "GET", url: "/api/v1/health/" });

  it("answers 503 while the server is unreachable and 200 once it is back", async () => {
    expect((await health()).statusCode).toBe(200);

    await proxy.stop();
    const down = await health();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: "service_unavailable" });
    expect(down.headers["retry-after"]).toBeDefined();

    await proxy.start();
    await waitFor(async () => (await health()).statusCode === 200);
  });

  it("survives the server terminating its pooled connections (as a restart does)", async () => {
    expect((await health()).statusCode).toBe(200);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const dbName = new URL(database.url).pathname.slice(1);
      const { rowCount } = await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [dbName],
      );
      expect(rowCount).toBeGreaterThan(0);
    } finally {
      await admin.end();
    }
    // The idle clients' errors are handled (no crash); the next requests get fresh connections.
    await waitFor(async () => (await health()).statusCode === 200);
  });
});
