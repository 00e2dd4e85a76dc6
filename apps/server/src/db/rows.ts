import type { SQL } from "drizzle-orm";
import type { DbOrTx } from "./client";

/**
 * The rows of a raw `db.execute(sql`…`)`: both drivers (PGlite and node-postgres) answer
 * `{ rows }`, but drizzle types the result per driver, so repositories read it through here.
 * `T` is what the query selects; the cast is the caller's claim, as with any raw SQL.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Runs a raw query and answers its rows (`rowsOf`). */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}
