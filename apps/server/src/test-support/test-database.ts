import { randomBytes } from "node:crypto";
import pg from "pg";
import pino from "pino";
import { type DatabaseHandle, openDatabase } from "../db/client";

export interface TestDatabase {
  /** DATABASE_URL for the app: a fresh PostgreSQL database, or `memory://` for PGlite. */
  url: string;
  kind: "pglite" | "postgres";
  drop(): Promise<void>;
}

/**
 * One fresh database per test file. With TEST_DATABASE_URL set (CI), a new database is
 * created on that PostgreSQL server and dropped afterwards; otherwise PGlite in memory.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { url: "memory://", kind: "pglite", drop: async () => {} };
  const name = `lq_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    kind: "postgres",
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * A fresh test database (`createTestDatabase`) opened and migrated, without an app: for tests
 * of the schema itself. `close` closes it and drops it.
 */
export async function openMigratedTestDatabase(): Promise<{
  database: DatabaseHandle;
  close(): Promise<void>;
}> {
  const testDatabase = await createTestDatabase();
  const database = openDatabase({
    databaseUrl: testDatabase.url,
    dataDir: "unused",
    log: pino({ level: "silent" }),
  });
  await database.migrate();
  return {
    database,
    async close() {
      await database.close();
      await testDatabase.drop();
    },
  };
}
