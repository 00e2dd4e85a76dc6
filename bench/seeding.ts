import pg from "pg";
import { log } from "./support";

/**
 * Bulk seeding of the parts that need millions of rows (the leads list, funnel analytics),
 * done the way a bulk load is done, so the bench spends its time on the figures and not on
 * writing its data (bench/README.md "How the big parts are seeded"):
 *
 * - dedicated connections with settings for this session only: no wait for the WAL flush
 *   at each commit, and memory for sorts and index builds;
 * - an index that no foreign key depends on is dropped before the insert and built again
 *   afterwards from its own definition as PostgreSQL reports it (`pg_get_indexdef`,
 *   `pg_get_constraintdef`): the same indexes as the migrations made, with the same names,
 *   checked after the build;
 * - on tables whose only triggers are foreign-key checks, rows generated valid by
 *   construction can be inserted without those checks (`session_replication_role =
 *   replica`, what `pg_restore --disable-triggers` uses); a table with a trigger of the
 *   product's own is refused, so a trigger added later is never skipped silently.
 */

export interface SeedingConnection {
  query<T extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<T[]>;
  end(): Promise<void>;
}

/** Settings of the seeding sessions only (the server's connections keep the defaults). */
const SEEDING_SETTINGS = [
  "set synchronous_commit = off",
  "set work_mem = '256MB'",
  "set maintenance_work_mem = '1GB'",
];

async function seedingConnection(url: string): Promise<SeedingConnection> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const setting of SEEDING_SETTINGS) await client.query(setting);
  return {
    async query<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
      return (await client.query<T>(text, values)).rows;
    },
    end: () => client.end(),
  };
}

/** Opens `count` seeding connections, runs `work` with them and closes them. */
export async function withSeedingConnections<T>(
  url: string,
  count: number,
  work: (connections: SeedingConnection[]) => Promise<T>,
): Promise<T> {
  const connections = await Promise.all(
    Array.from({ length: count }, () => seedingConnection(url)),
  );
  try {
    return await work(connections);
  } finally {
    await Promise.all(connections.map((connection) => connection.end()));
  }
}

/** An index of a table as the catalogue defines it. */
interface IndexDefinition {
  table: string;
  name: string;
  /** `CREATE [UNIQUE] INDEX …` as PostgreSQL prints it. */
  definition: string;
  /** The constraint the index backs (primary key, unique), with its definition. */
  constraint: string | null;
  constraintDefinition: string | null;
  /** A foreign key references this index's constraint: it cannot be dropped. */
  referenced: boolean;
}

async function indexesOf(db: SeedingConnection, table: string): Promise<IndexDefinition[]> {
  return db.query<IndexDefinition>(
    `select i.indrelid::regclass::text as "table", c.relname as name,
       pg_get_indexdef(i.indexrelid) as definition, k.conname as constraint,
       case when k.oid is null then null else pg_get_constraintdef(k.oid) end as "constraintDefinition",
       exists (select 1 from pg_constraint f where f.contype = 'f' and f.conindid = i.indexrelid)
         as referenced
     from pg_index i
     join pg_class c on c.oid = i.indexrelid
     left join pg_constraint k on k.conindid = i.indexrelid and k.conrelid = i.indrelid
       and k.contype in ('p', 'u', 'x')
     where i.indrelid = $1::regclass
     order by c.relname`,
    [table],
  );
}

/** The indexes dropped from some tables, to be built again once their rows are in. */
export interface DroppedIndexes {
  tables: string[];
  indexes: IndexDefinition[];
  before: IndexDefinition[];
}

/** Drops every index of `tables` that no foreign key depends on (those stay). */
export async function dropIndexes(
  db: SeedingConnection,
  tables: readonly string[],
): Promise<DroppedIndexes> {
  const before = (await Promise.all(tables.map((table) => indexesOf(db, table)))).flat();
  const indexes = before.filter((index) => !index.referenced);
  for (const index of indexes) {
    await db.query(
      index.constraint
        ? `alter table ${index.table} drop constraint ${quote(index.constraint)}`
        : `drop index ${quote(index.name)}`,
    );
  }
  return { tables: [...tables], indexes, before };
}

/** A piece of seeding work that runs on one connection. */
export interface SeedingJob {
  name: string;
  run(db: SeedingConnection): Promise<void>;
}

/** The builds of the dropped indexes, one job each. */
export function rebuildJobs(dropped: DroppedIndexes): SeedingJob[] {
  return dropped.indexes.map((index) => ({
    name: `index ${index.name}`,
    run: async (db) => {
      await db.query(
        index.constraint && index.constraintDefinition
          ? `alter table ${index.table} add constraint ${quote(index.constraint)} ${index.constraintDefinition}`
          : index.definition,
      );
    },
  }));
}

/** Checks that the tables have exactly the indexes they had, definition for definition. */
export async function checkIndexes(db: SeedingConnection, dropped: DroppedIndexes): Promise<void> {
  const after = (await Promise.all(dropped.tables.map((table) => indexesOf(db, table)))).flat();
  const shape = (list: IndexDefinition[]) =>
    JSON.stringify(
      list
        .map((index) => [index.table, index.name, index.definition, index.constraintDefinition])
        .sort(),
    );
  if (shape(after) !== shape(dropped.before)) {
    throw new Error(
      `the indexes of ${dropped.tables.join(", ")} differ after the rebuild:\n` +
        `before ${shape(dropped.before)}\nafter ${shape(after)}`,
    );
  }
}

/**
 * Runs the jobs over the connections, each connection taking the next job when it is free
 * (longest first is the caller's order); logs each job's time.
 */
export async function runJobs(
  connections: readonly SeedingConnection[],
  jobs: readonly SeedingJob[],
): Promise<void> {
  const queue = [...jobs];
  await Promise.all(
    connections.map(async (db) => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        const started = performance.now();
        await job.run(db);
        log(`seeding: ${job.name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
      }
    }),
  );
}

/**
 * Lets `db` insert into `tables` without their foreign-key checks, after making sure those
 * checks are the tables' only triggers; `restore` puts the session back.
 */
export async function skipForeignKeyChecks(
  db: SeedingConnection,
  tables: readonly string[],
): Promise<{ restore(): Promise<void> }> {
  const own = await db.query<{ table: string; name: string }>(
    `select tgrelid::regclass::text as "table", tgname as name from pg_trigger
     where tgrelid = any($1::regclass[]) and not tgisinternal`,
    [tables],
  );
  if (own.length > 0) {
    throw new Error(
      `not seeding without foreign-key checks: ${own.map((t) => `${t.table}.${t.name}`).join(", ")} would be skipped too`,
    );
  }
  await db.query("set session_replication_role = replica");
  return {
    async restore() {
      await db.query("set session_replication_role = origin");
    },
  };
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
