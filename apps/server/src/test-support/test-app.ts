import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { type AppConfig, loadConfig } from "../config";
import { createTestDatabase } from "./test-database";

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * Builds the real app for a test file: a fresh database (PGlite in memory, or a new
 * PostgreSQL database when TEST_DATABASE_URL is set), a temporary DATA_DIR, migrations
 * applied. `env` adds or overrides environment variables, as an operator would set them.
 */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "leadquiz-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: database.url,
    LOG_LEVEL: "silent",
    JWT_SECRET: randomBytes(32).toString("hex"),
    ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    PUBLIC_URL: "http://localhost:3000",
    WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
    ...env,
  });
  const app = await buildApp(config);
  await app.ready();
  return {
    app,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
