import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pino, { type DestinationStream } from "pino";
import { buildApp } from "../app";
import { type AppConfig, loadConfig } from "../config";
import { type DatabaseHandle, openDatabase } from "../db/client";
import { createMigratedTestDatabase, type TestDatabase } from "./test-database";

/**
 * The test apps' two origins (docs/adr/0016-visitor-origin.md): the owner app on PUBLIC_URL
 * `http://localhost:3000` — inject's own default `Host: localhost:80` is on it — and the
 * visitor pages on the default VISITOR_URL, `http://127.0.0.1:3000`. A request for a visitor
 * page names the visitor host (`{ host: VISITOR_HOST }`).
 */
export const TEST_PUBLIC_URL = "http://localhost:3000";
export const TEST_VISITOR_URL = "http://127.0.0.1:3000";
export const VISITOR_HOST = "127.0.0.1:3000";

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppWithDatabase extends TestApp {
  /** The app's database, for looking at and changing rows the API does not show. */
  database: DatabaseHandle;
}

/**
 * Builds the real app for a test file: a fresh database (PGlite in memory, or a new
 * PostgreSQL database when TEST_DATABASE_URL is set), a temporary DATA_DIR, migrations
 * applied. `env` adds or overrides environment variables, as an operator would set them.
 * With `{ database: true }` the test opens the app's database itself and holds its handle.
 */
export async function createTestApp(env?: Record<string, string>): Promise<TestApp>;
export async function createTestApp(
  env: Record<string, string>,
  options: { database: true; logStream?: DestinationStream },
): Promise<TestAppWithDatabase>;
export async function createTestApp(
  env: Record<string, string> = {},
  options: { database?: boolean; logStream?: DestinationStream } = {},
): Promise<TestApp | TestAppWithDatabase> {
  const testDatabase = await createMigratedTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), "leadquiz-test-"));
  const removeDatabaseAndFiles = async (): Promise<void> => {
    await testDatabase.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    return await startTestApp(testDatabase, dataDir, env, options, removeDatabaseAndFiles);
  } catch (error) {
    // An app that refuses to start (a test of a bad setting) leaves no database behind.
    await removeDatabaseAndFiles();
    throw error;
  }
}

async function startTestApp(
  testDatabase: TestDatabase,
  dataDir: string,
  env: Record<string, string>,
  options: { database?: boolean; logStream?: DestinationStream },
  removeDatabaseAndFiles: () => Promise<void>,
): Promise<TestApp | TestAppWithDatabase> {
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    DATABASE_URL: testDatabase.url,
    LOG_LEVEL: "silent",
    JWT_SECRET: randomBytes(32).toString("hex"),
    ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    PUBLIC_URL: TEST_PUBLIC_URL,
    WEB_DIST_DIR: path.join(dataDir, "no-web-build"),
    // The template catalogue is seeded only by the tests about it (templates.routes.test.ts).
    SEED_TEMPLATES: "false",
    ...env,
  });
  // PGlite starts from the migrated copy, which only a database opened here can load.
  const startsFromCopy =
    testDatabase.pgliteDataDir !== undefined && config.databaseUrl === testDatabase.url;
  const database =
    options.database || startsFromCopy
      ? openDatabase({
          databaseUrl: config.databaseUrl,
          dataDir,
          log: pino({ level: "silent" }),
          ...(startsFromCopy ? { pgliteDataDir: testDatabase.pgliteDataDir } : {}),
        })
      : undefined;
  const app = await buildApp(config, {
    ...(database ? { database } : {}),
    ...(options.logStream ? { logStream: options.logStream } : {}),
  }).catch(async (error: unknown) => {
    await database?.close();
    throw error;
  });
  await app.ready();
  return {
    app,
    config,
    dataDir,
    ...(options.database && database ? { database } : {}),
    async close() {
      await app.close();
      await database?.close();
      await removeDatabaseAndFiles();
    },
  };
}

/** createTestApp (same defaults, same fresh database) where the test holds the database too. */
export function createTestAppWithDatabase(
  env: Record<string, string> = {},
): Promise<TestAppWithDatabase> {
  return createTestApp(env, { database: true });
}

/**
 * Has the app listen on loopback (a random port) and answers the owner app's address there,
 * `http://localhost:{port}`: `127.0.0.1` is the visitor host, which answers no owner call.
 * Listening already (an earlier test of the file), it answers the same address.
 */
export async function listenAsOwnerApp(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: "127.0.0.1" });
  const bound = app.server.address();
  if (!bound || typeof bound === "string") throw new Error("the app is not listening");
  return `http://localhost:${bound.port}`;
}
