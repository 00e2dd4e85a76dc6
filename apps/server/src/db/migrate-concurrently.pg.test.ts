import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test-support/test-database";
import { openDatabase } from "./client";

describe("migrations", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database.drop());

  it("apply once when several processes start at the same time", async () => {
    const log = pino({ level: "silent" });
    const handles = Array.from({ length: 4 }, () =>
      openDatabase({ databaseUrl: database.url, dataDir: "/nonexistent", log }),
    );
    try {
      await Promise.all(handles.map((h) => h.migrate()));
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const applied = await client.query(
        "select count(*)::int as n from drizzle.__drizzle_migrations",
      );
      const tables = await client.query(
        "select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name = 'users'",
      );
      expect(applied.rows[0].n).toBeGreaterThan(0);
      expect(tables.rows[0].n).toBe(1);
    } finally {
      await client.end();
    }
  });
});
