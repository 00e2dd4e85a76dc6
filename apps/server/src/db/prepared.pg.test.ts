import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../test-support/test-database";
import type { Database } from "./client";
import { fixedStatement } from "./prepared";

/**
 * docs/speed.md "Prepared statements": on PostgreSQL a hot statement is prepared once per
 * connection, whatever values it is called with, so the server keeps one plan for it (one
 * connection here, to see it).
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

const insert = fixedStatement(
  sql`insert into notes (body, tag) values ($1::text, $2::text) returning id, body, tag`,
);

describe("fixedStatement on PostgreSQL", () => {
  it("answers each call's rows and keeps one prepared statement for every call", async () => {
    for (let i = 0; i < 20; i += 1) {
      const tag = i % 2 === 0 ? `tag ${i}` : null;
      const [row] = await insert.run<{ body: string; tag: string | null }>(db, [`note ${i}`, tag]);
      expect(row).toMatchObject({ body: `note ${i}`, tag });
    }
    const { rows } = await pool.query<{ count: number }>(
      "select count(*)::int as count from pg_prepared_statements where name like 'lq\\_%'",
    );
    expect(rows[0]?.count).toBe(1);
    const stored = await pool.query<{ count: number }>("select count(*)::int as count from notes");
    expect(stored.rows[0]?.count).toBe(20);
  });

  it("refuses a statement with drizzle's own parameters: its text would change with them", () => {
    expect(() => fixedStatement(sql`select ${1}::int`)).toThrow(/\$n/);
  });

  it("refuses to run inside a transaction, where it would leave the transaction", async () => {
    await expect(
      db.transaction((tx) => insert.run(tx, ["in a transaction", null])),
    ).rejects.toThrow(/not in a transaction/);
    const stored = await pool.query("select 1 from notes where body = 'in a transaction'");
    expect(stored.rowCount).toBe(0);
  });
});
