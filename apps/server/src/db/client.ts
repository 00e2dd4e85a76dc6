import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { FastifyBaseLogger as Logger } from "fastify";
import pg from "pg";
import { migrationsFolder } from "../paths";
import * as schema from "./schema";

export type DbSchema = typeof schema;
/** The drizzle database, whichever driver is underneath (PGlite or node-postgres). */
export type Database = PgDatabase<PgQueryResultHKT, DbSchema>;
/** A transaction handle; services pass it down to repositories. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbOrTx = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Throws when the database does not answer. */
  ping(): Promise<void>;
  /** Applies pending migrations under an advisory lock (safe with several processes). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Arbitrary, fixed key of the advisory lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 7_316_540_211;

export interface OpenDatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  log: Logger;
}

export function openDatabase(options: OpenDatabaseOptions): DatabaseHandle {
  const { databaseUrl } = options;
  if (databaseUrl && !databaseUrl.startsWith("memory://")) {
    return openPostgres(databaseUrl, options.log);
  }
  return openPglite(databaseUrl ? undefined : path.join(options.dataDir, "db"));
}

function openPglite(dir: string | undefined): DatabaseHandle {
  if (dir) mkdirSync(dir, { recursive: true });
  // pg_trgm ships with PGlite: loaded so the migration can index lead search (docs/leads.md).
  const client = new PGlite({ ...(dir ? { dataDir: dir } : {}), extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    async ping() {
      await client.query("select 1");
    },
    async migrate() {
      // PGlite is one connection in this process: the lock still guards re-entrance.
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
      try {
        await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
      } finally {
        await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
      }
    },
    async close() {
      await client.close();
    },
  };
}

function openPostgres(url: string, log: Logger): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client whose server went away emits 'error'; without a listener the process dies.
  pool.on("error", (error) => log.warn({ err: error }, "idle database client lost"));
  pool.on("connect", (client) => {
    client.on("error", (error) => log.warn({ err: error }, "database client error"));
  });
  const db: NodePgDatabase<DbSchema> = drizzleNodePg(pool, { schema });
  return {
    db: db as unknown as Database,
    kind: "postgres",
    async ping() {
      await db.execute(sql`select 1`);
    },
    async migrate() {
      const lockClient = await pool.connect();
      try {
        await lockClient.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
        try {
          await migrateNodePg(db, { migrationsFolder });
        } finally {
          await lockClient.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
        }
      } finally {
        lockClient.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
