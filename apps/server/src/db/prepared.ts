import { createHash } from "node:crypto";
import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import pg from "pg";
import type { DbOrTx } from "./client";

const dialect = new PgDialect();

function statementName(text: string): string {
  return `lq_${createHash("sha1").update(text).digest("base64url").slice(0, 20)}`;
}

/**
 * A hot statement whose text never changes, only its values (docs/speed.md "Prepared
 * statements"). On PostgreSQL it runs as a named prepared statement: each pooled connection
 * parses it once, and plans it once when PostgreSQL takes its generic plan (after five
 * custom ones, when the generic plan costs no more: docs/speed.md says what that takes);
 * later calls only bind and execute, where drizzle's `execute` sends every call unnamed and
 * PostgreSQL plans it again each time. Its SQL text and name (the text's hash) are worked
 * out once: drizzle's rendering and the hash cost more than binding a busy statement's
 * values. `query` writes its values as `$1`, `$2` …, which drizzle leaves to the driver.
 * Runs on the database itself (a node-postgres pool, or PGlite), not in a transaction.
 */
export interface FixedStatement {
  run<Row>(db: DbOrTx, values: readonly unknown[]): Promise<Row[]>;
}

export function fixedStatement(query: SQL): FixedStatement {
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (params.length > 0) throw new Error("a fixed statement takes its values as $n");
  const name = statementName(text);
  return {
    async run<Row>(db: DbOrTx, values: readonly unknown[]) {
      const client = (db as unknown as { $client?: unknown }).$client;
      if (client instanceof pg.Pool) {
        const result = await client.query({ name, text, values: [...values] });
        return result.rows as Row[];
      }
      if (client instanceof PGlite) {
        const result = await client.query<Row>(text, [...values]);
        return result.rows;
      }
      throw new Error("a fixed statement runs on the database, not in a transaction");
    },
  };
}
