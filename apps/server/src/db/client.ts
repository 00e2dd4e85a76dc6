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
  /**
   * Subscribes to a NOTIFY channel (docs/speed.md "Published quiz cache"). `onMessage` gets
   * each payload; `onGap` is called whenever notifications may have been missed (the
   * listening connection is lost; it is re-opened by itself), so the caller drops what it
   * derived from them. Answers the unsubscribe function.
   */
  listen(channel: string, handlers: ChannelHandlers): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface ChannelHandlers {
  onMessage(payload: string): void;
  /** Notifications may have been missed (and the listener is not listening until `onReady`). */
  onGap(): void;
  /** The listener is listening (again). */
  onReady(): void;
}

/** Arbitrary, fixed key of the advisory lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 7_316_540_211;

export interface OpenDatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  log: Logger;
  /**
   * PGlite only: a data directory dumped by `dumpPgliteDataDir` to start from instead of an
   * empty database. The server tests start each file's database from one migrated copy
   * (CONTRIBUTING.md "Tests"); the product never sets it.
   */
  pgliteDataDir?: Blob;
}

export function openDatabase(options: OpenDatabaseOptions): DatabaseHandle {
  const { databaseUrl } = options;
  if (databaseUrl && !databaseUrl.startsWith("memory://")) {
    return openPostgres(databaseUrl, options.log);
  }
  return openPglite(databaseUrl ? undefined : path.join(options.dataDir, "db"), options);
}

function newPglite(dir: string | undefined, loadDataDir?: Blob): PGlite {
  if (dir) mkdirSync(dir, { recursive: true });
  // pg_trgm ships with PGlite: loaded so the migration can index lead search (docs/leads.md).
  return new PGlite({
    ...(dir ? { dataDir: dir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
  });
}

/**
 * An in-memory PGlite database with every migration applied, dumped as PGlite's data
 * directory archive (uncompressed): what `pgliteDataDir` starts from.
 */
export async function dumpPgliteDataDir(): Promise<Blob> {
  const handle = openPglite(undefined, {});
  try {
    await handle.migrate();
    return await handle.dump();
  } finally {
    await handle.close();
  }
}

function openPglite(
  dir: string | undefined,
  options: Pick<OpenDatabaseOptions, "pgliteDataDir">,
): DatabaseHandle & { dump(): Promise<Blob> } {
  const client = newPglite(dir, options.pgliteDataDir);
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
    async listen(channel, handlers) {
      // One process, one database: nothing can be missed.
      const unlisten = await client.listen(channel, handlers.onMessage);
      handlers.onReady();
      return async () => {
        await unlisten();
      };
    },
    async close() {
      await client.close();
    },
    dump: () => client.dumpDataDir("none"),
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
    listen: (channel, handlers) => listenOnPostgres(url, channel, handlers, log),
    async close() {
      await pool.end();
    },
  };
}

/** Waits between attempts to re-open a lost listening connection. */
const LISTEN_RETRY_MS = [250, 1_000, 5_000, 15_000];

/**
 * A dedicated connection (outside the pool: LISTEN holds it) that LISTENs on `channel`
 * and re-opens itself after a loss, telling the caller about the gap first.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ChannelHandlers,
  log: Logger,
): Promise<() => Promise<void>> {
  let closed = false;
  let client: pg.Client | undefined;
  let attempt = 0;
  let timer: NodeJS.Timeout | undefined;

  const lost = (error?: unknown) => {
    if (closed) return;
    if (error) log.warn({ err: error, channel }, "listening connection lost");
    handlers.onGap();
    const old = client;
    client = undefined;
    old?.removeAllListeners();
    old?.end().catch(() => undefined);
    const wait = LISTEN_RETRY_MS[Math.min(attempt, LISTEN_RETRY_MS.length - 1)];
    attempt += 1;
    timer = setTimeout(() => void open(), wait);
  };

  const open = async (): Promise<void> => {
    if (closed) return;
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    // Before `client = next` a failure is handled by the catch below, after it here.
    next.on("error", (error) => {
      if (client === next) lost(error);
    });
    next.on("end", () => {
      if (client === next) lost();
    });
    next.on("notification", (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? "");
    });
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      next.removeAllListeners();
      next.end().catch(() => undefined);
      lost(error);
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    attempt = 0;
    handlers.onReady();
  };

  await open();
  return async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    const last = client;
    client = undefined;
    last?.removeAllListeners();
    await last?.end().catch(() => undefined);
  };
}
