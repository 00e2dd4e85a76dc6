import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { buildApp } from "../app";
import { loadConfig } from "../config";
import { type DatabaseHandle, openDatabase } from "../db/client";
import type { TestApp } from "./test-app";
import { createTestDatabase } from "./test-database";

export interface TestAppWithDatabase extends TestApp {
  /** The app's database, for looking at and changing rows the API does not show. */
  database: DatabaseHandle;
}

/**
 * createTestApp (same defaults, same fresh PGlite or PostgreSQL database) where the test holds
 * the database handle too.
 */
export async function createTestAppWithDatabase(
  env: Record<string, string> = {},
): Promise<TestAppWithDatabase> {
  const testDatabase = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "leadquiz-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: testDatabase.url,
    LOG_LEVEL: "silent",
    JWT_SECRET: randomBytes(32).toString("hex"),
    ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    PUBLIC_URL: "http://localhost:3000",
    WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
    ...env,
  });
  const database = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir,
    log: pino({ level: "silent" }),
  });
  const app = await buildApp(config, { database });
  await app.ready();
  return {
    app,
    config,
    dataDir,
    database,
    async close() {
      await app.close();
      await database.close();
      await testDatabase.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
