import { readdirSync, readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openMigratedTestDatabase } from "../test-support/test-database";
import type { DatabaseHandle } from "./client";
import { rowsOf } from "./rows";

/**
 * The SQL rules (CONTRIBUTING.md "Changing a trigger or an SQL function"): each trigger and
 * SQL function of the schema is defined, as it is now, by one file of db/sql-rules/, and
 * the migrations leave exactly those definitions in the database (PGlite here, PostgreSQL
 * with TEST_DATABASE_URL).
 */
const RULES_DIR = new URL("./sql-rules/", import.meta.url);
const rules = readdirSync(RULES_DIR)
  .filter((file) => file.endsWith(".sql"))
  .sort()
  .map((file) => ({ file, text: readFileSync(new URL(file, RULES_DIR), "utf8") }));

const statementsOf = (text: string) =>
  text
    .split("--> statement-breakpoint")
    .map((statement) => statement.trim())
    .filter((statement) => statement !== "");

/** "function <name>" and "trigger <name> on <table>" of every definition in a rule's text. */
const definedIn = (text: string) =>
  [
    ...text.matchAll(
      /CREATE OR REPLACE FUNCTION (\w+)\(|CREATE TRIGGER (\w+) [^;]*?\bON (\w+)\s+(?:FOR|REFERENCING)/g,
    ),
  ].map(([, fn, trigger, table]) => (fn ? `function ${fn}` : `trigger ${trigger} on ${table}`));

/** Every function (not an extension's) and trigger of the public schema, with its definition. */
async function definitions(handle: DatabaseHandle): Promise<Record<string, string>> {
  const rows = rowsOf<{ name: string; definition: string }>(
    await handle.db.execute(sql`
      select 'function ' || p.proname as name, pg_get_functiondef(p.oid) as definition
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and p.prokind = 'f'
          and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass
            and d.objid = p.oid and d.deptype = 'e')
      union all
      select 'trigger ' || t.tgname || ' on ' || c.relname,
          pg_get_triggerdef(t.oid) || ' enabled ' || t.tgenabled::text
        from pg_trigger t join pg_class c on c.oid = t.tgrelid
          join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and not t.tgisinternal`),
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.definition]));
}

let database: DatabaseHandle;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ database, close } = await openMigratedTestDatabase());
});
afterAll(async () => close());

describe("SQL rules (db/sql-rules/)", () => {
  it("each trigger and SQL function the migrations leave is defined by exactly one rule file", async () => {
    const defined = rules.flatMap(({ text }) => definedIn(text));
    expect(new Set(defined).size).toBe(defined.length);
    expect(defined.sort()).toEqual(Object.keys(await definitions(database)).sort());
    for (const { file, text } of rules) expect(definedIn(text), file).not.toEqual([]);
  });

  it("the migrations leave in the database exactly what the rule files define", async () => {
    const migrated = await definitions(database);
    await database.db.transaction(async (tx) => {
      for (const { text } of rules) {
        for (const statement of statementsOf(text)) await tx.execute(sql.raw(statement));
      }
    });
    expect(await definitions(database)).toEqual(migrated);
  });
});
