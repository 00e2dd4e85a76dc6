import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { openMigratedTestDatabase } from "../../test-support/test-database";
import { csvCell } from "./export-cells";

/**
 * The CSV cell rule exists twice: `lq_csv_cell` (db/sql-rules/csv-cell.sql) writes the
 * leads' cells, `csvCell` the headers, labels and titles (docs/leads.md "Export"). They must
 * agree on every text, or one export would mix two escapings.
 */
let database: DatabaseHandle;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ database, close } = await openMigratedTestDatabase());
});
afterAll(async () => close());

async function sqlCell(value: string): Promise<string> {
  const rows = rowsOf<{ cell: string }>(
    await database.db.execute(sql`select lq_csv_cell(${value}::text) as cell`),
  );
  return rows[0]?.cell ?? "(no row)";
}

/** Pieces that matter to the rule: formula starts, separators, quotes, line breaks, unicode. */
const special = fc.constantFrom(
  "=",
  "+",
  "-",
  "@",
  "\t",
  "\r",
  "\n",
  "\r\n",
  '"',
  '""',
  ",",
  ";",
  "'",
  " ",
  "=SUM(A1:A9)",
  "é",
  "ї",
  "😀",
  "\u200f",
  "\u00a0",
  "\uff1d",
);
/** Any text PostgreSQL can hold: every code point but NUL (no lone surrogates: UTF-8). */
const anyText = fc.string({ unit: "binary", maxLength: 12 }).map((s) => s.replaceAll("\0", ""));
const cellText = fc
  .array(fc.oneof(special, anyText), { maxLength: 6 })
  .map((parts) => parts.join(""));

describe("the CSV cell rule in SQL and in TypeScript", () => {
  it("gives the same cell for every text", async () => {
    await fc.assert(
      fc.asyncProperty(cellText, async (value) => {
        const inSql = await sqlCell(value);
        if (inSql !== csvCell(value)) {
          throw new Error(
            `${JSON.stringify(value)}: SQL ${JSON.stringify(inSql)}, TypeScript ${JSON.stringify(csvCell(value))}`,
          );
        }
      }),
      {
        numRuns: 400,
        examples: [[""], ["=1+1"], ["-5"], ['a"b'], ["a\nb"], ["\r\n"], ["@x;y"], ["😀,😀"]],
      },
    );
  });
});
