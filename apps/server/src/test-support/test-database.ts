import { createHash, randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import pino from "pino";
import { dumpPgliteDataDir, openDatabase } from "../db/client";
import { migrationsFolder } from "../paths";

export interface TestDatabase {
  /** DATABASE_URL for the app: a fresh PostgreSQL database, or `memory://` for PGlite. */
  url: string;
  kind: "pglite" | "postgres";
  /** PGlite: the migrated data directory the app's database starts from (createTestApp). */
  pgliteDataDir?: Blob;
  drop(): Promise<void>;
}

/**
 * One fresh, empty database per test file. With TEST_DATABASE_URL set (CI), a new database
 * is created on that PostgreSQL server and dropped afterwards; otherwise PGlite in memory.
 * For the tests of migrations themselves; an app's tests start from a migrated one
 * (`createMigratedTestDatabase`).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return { url: "memory://", kind: "pglite", drop: async () => {} };
  return createPostgresDatabase(adminUrl);
}

/**
 * One fresh database per test file with every migration already applied: a copy of one
 * migrated database instead of running the migrations again for each file. On PGlite, the
 * migrated data directory is dumped once per Vitest worker and each app loads it; on
 * PostgreSQL a template database, named after the migrations' content, is built once
 * (under an advisory lock, so parallel workers and runs build it once) and each file's
 * database is `create database … template` it. CONTRIBUTING.md "Tests" says what it saves.
 */
export async function createMigratedTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    pgliteTemplate ??= dumpPgliteDataDir();
    return {
      url: "memory://",
      kind: "pglite",
      pgliteDataDir: await pgliteTemplate,
      drop: async () => {},
    };
  }
  return createPostgresDatabase(adminUrl, await postgresTemplate(adminUrl));
}

/** The migrated PGlite data directory of this worker (module scope: Vitest's isolate is off). */
let pgliteTemplate: Promise<Blob> | undefined;

async function createPostgresDatabase(adminUrl: string, template?: string): Promise<TestDatabase> {
  const name = `lq_test_${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (admin) =>
    admin.query(`create database ${name}${template ? ` template ${template}` : ""}`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    kind: "postgres",
    drop: () =>
      withAdmin(adminUrl, (admin) =>
        admin.query(`drop database if exists ${name} with (force)`),
      ).then(() => undefined),
  };
}

async function withAdmin<T>(adminUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** Arbitrary, fixed key of the advisory lock under which a template database is built. */
const TEMPLATE_LOCK_KEY = 7_316_540_212;

/**
 * The name of the migrated template database for the migrations as they are now, built on
 * first use: a new migration (or an edited one) gives a new name, so a template built from
 * other migrations (an earlier run, another branch) is never used.
 */
async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `lq_template_${migrationsDigest()}`;
  await withAdmin(adminUrl, async (admin) => {
    await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
    try {
      const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
      if (found.rowCount) return;
      // Built under another name and renamed when complete: a run killed midway leaves no
      // half-migrated template behind under the name the others look for.
      const building = `lq_template_building_${randomBytes(4).toString("hex")}`;
      await admin.query(`create database ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = openDatabase({
        databaseUrl: url.toString(),
        dataDir: "unused",
        log: pino({ level: "silent" }),
      });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${building} rename to ${name}`);
    } finally {
      await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]);
    }
  });
  return name;
}

let digest: string | undefined;

/** A short digest of the migrations folder: every file's name and content. */
function migrationsDigest(): string {
  if (digest) return digest;
  const hash = createHash("sha256");
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      hash.update(path.relative(migrationsFolder, full));
      if (entry.isDirectory()) walk(full);
      else hash.update(readFileSync(full));
    }
  };
  walk(migrationsFolder);
  digest = hash.digest("hex").slice(0, 16);
  return digest;
}
