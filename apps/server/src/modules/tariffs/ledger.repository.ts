import { and, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { balances, ledgerEntries } from "../../db/schema";
import type { LedgerRow } from "./ledger-row";

/**
 * Inserts a ledger row; null when a row of the same kind and reference exists already
 * (a repeated credit from outside), so the caller applies nothing.
 */
export async function insertLedgerRow(tx: DbOrTx, row: LedgerRow): Promise<number | null> {
  const inserted = await tx
    .insert(ledgerEntries)
    .values({
      userId: row.userId,
      purse: row.purse,
      kind: row.kind,
      cents: row.cents,
      reference: row.reference ?? null,
      note: row.note ?? "",
    })
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id });
  return inserted[0]?.id ?? null;
}

/**
 * Adds `cents` (signed) to the cached balance in one conditional UPDATE, which takes the
 * row lock: a concurrent spender waits and re-checks `cents + delta >= 0` after the other
 * commits. Answers the new balance, or null when it would go below zero.
 */
export async function applyToBalance(
  tx: DbOrTx,
  userId: number,
  purse: string,
  cents: number,
): Promise<number | null> {
  await tx.insert(balances).values({ userId, purse, cents: 0 }).onConflictDoNothing();
  const rows = await tx
    .update(balances)
    .set({ cents: sql`${balances.cents} + ${cents}`, updatedAt: new Date() })
    .where(
      and(
        eq(balances.userId, userId),
        eq(balances.purse, purse),
        gte(sql`${balances.cents} + ${cents}`, 0),
      ),
    )
    .returning({ cents: balances.cents });
  return rows[0]?.cents ?? null;
}

/** The cached balance of a purse (0 for one never used). */
export async function readBalance(db: DbOrTx, userId: number, purse: string): Promise<number> {
  const rows = await db
    .select({ cents: balances.cents })
    .from(balances)
    .where(and(eq(balances.userId, userId), eq(balances.purse, purse)));
  return Number(rows[0]?.cents ?? 0);
}

/** The sum of a purse's ledger rows: what the cached balance must equal. */
export async function sumLedger(db: DbOrTx, userId: number, purse: string): Promise<number> {
  const rows = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.cents}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.purse, purse)));
  return Number(rows[0]?.sum ?? 0);
}

/** Every purse whose cached balance differs from the sum of its rows (should be none). */
export async function findUnbalancedPurses(
  db: DbOrTx,
): Promise<{ userId: number; purse: string; cached: number; ledger: number }[]> {
  const result = await db.execute(
    sql`select b.user_id, b.purse, b.cents as cached, coalesce(sum(l.cents), 0) as ledger
        from ${balances} b left join ${ledgerEntries} l
          on l.user_id = b.user_id and l.purse = b.purse
        group by b.user_id, b.purse, b.cents
        having b.cents <> coalesce(sum(l.cents), 0)`,
  );
  // Both drivers answer `{rows}`; drizzle types the result per driver.
  const rows = (
    result as unknown as {
      rows: { user_id: number; purse: string; cached: string; ledger: string }[];
    }
  ).rows;
  return rows.map((r) => ({
    userId: Number(r.user_id),
    purse: r.purse,
    cached: Number(r.cached),
    ledger: Number(r.ledger),
  }));
}
