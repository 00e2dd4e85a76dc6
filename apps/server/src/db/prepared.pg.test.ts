import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test-support/test-database";
import type { Database } from "./client";
import { executePrepared } from "./prepared";

/**
 * docs/speed.md "Prepared statements": on PostgreSQL a hot statement is prepared once per
 * connection and form of its text, whatever values it is called with, so the server keeps
 * a bounded set of plans (one connection here, to see them all).
 */

let database: TestDatabase;
let pool: pg.Pool;
let db: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  pool = new pg.Pool({ connectionString: database.url, max: 1 });
  db = drizzle(pool) as unknown as Database;
  await pool.query("create table notes (id serial primary key, body text not null, tag text)");
});
afterAll(async () => {
  await pool.end();
  await database.drop();
});

const insert = (body: string, tag: string | null) =>
  executePrepared<{ id: number; body: string; tag: string | null }>(
    db,
    sql`insert into notes (body, tag) values (${body}::text, ${tag === null ? sql`null` : sql`${tag}::text`})
      returning id, body, tag`,
  );

describe("executePrepared on PostgreSQL", () => {
  it("answers each call's rows and keeps one prepared statement per form of the text", async () => {
    for (let i = 0; i < 20; i += 1) {
      const tag = i % 2 === 0 ? `tag ${i}` : null;
      const [row] = await insert(`note ${i}`, tag);
      expect(row).toMatchObject({ body: `note ${i}`, tag });
    }
    const { rows } = await pool.query<{ count: number }>(
      "select count(*)::int as count from pg_prepared_statements where name like 'lq\\_%'",
    );
    // Two forms (with a tag parameter, with `null`): two statements for 20 calls.
    expect(rows[0]?.count).toBe(2);
    const stored = await pool.query<{ count: number }>("select count(*)::int as count from notes");
    expect(stored.rows[0]?.count).toBe(20);
  });
});
