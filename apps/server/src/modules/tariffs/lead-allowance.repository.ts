import { and, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { accountTariffs, leadAllowances, tariffs } from "../../db/schema";

/**
 * The requests of an account that never released a lead (it has no allowance row yet):
 * what its trial granted (`account_tariffs.requests_granted`, made when the account's
 * tariff is first read), else the catalogue's trial tariff. One definition for the count
 * shown, the count spent and the count a purchase carries over (docs/money.md "Trial").
 */
function trialRequests(userId: number): SQL<number> {
  return sql<number>`coalesce(
    (select ${accountTariffs.requestsGranted} from ${accountTariffs}
      where ${accountTariffs.userId} = ${userId}),
    (select ${tariffs.requestsPerMonth} from ${tariffs} where ${tariffs.isTrial}
      order by ${tariffs.id} limit 1),
    0)`;
}

/**
 * The requests left as an SQL expression (uncorrelated scalar subqueries, evaluated once
 * per statement), for a query that reads it along with other rows in one round trip.
 */
export function requestsLeftExpression(userId: number): SQL<number> {
  return sql<number>`coalesce((select ${leadAllowances.requestsLeft} from ${leadAllowances}
    where ${leadAllowances.userId} = ${userId}), ${trialRequests(userId)})::int`.mapWith(Number);
}

/** The account's requests left: its row, or its trial's requests before its first release. */
export async function readRequestsLeft(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ left: requestsLeftExpression(userId) }).from(sql`(select 1) one`);
  return row?.left ?? 0;
}

/** Makes the account's row with its trial's requests when it has none (a no-op otherwise). */
async function ensureAllowanceRow(tx: DbOrTx, userId: number): Promise<void> {
  await tx.execute(sql`insert into ${leadAllowances} (user_id, requests_left)
    values (${userId}, ${trialRequests(userId)}) on conflict (user_id) do nothing`);
}

export interface Taken {
  /** Requests taken, at most the number wanted. */
  taken: number;
  /** Requests left after. */
  left: number;
}

/**
 * Takes up to `wanted` requests inside the caller's transaction. The account's row is made
 * when missing and locked (`FOR UPDATE`): a concurrent taker waits, then reads the count
 * the other left, so the count is never overspent and never goes below zero. With
 * `behindWaiting`, nothing is taken while deliveries of the account wait for requests:
 * they go first, oldest lead first (docs/delivery.md "Waiting for requests").
 */
export async function takeRequests(
  tx: DbOrTx,
  userId: number,
  wanted: number,
  options: { behindWaiting?: boolean } = {},
): Promise<Taken> {
  await ensureAllowanceRow(tx, userId);
  const [row] = await tx
    .select({ left: leadAllowances.requestsLeft, waiting: leadAllowances.deliveriesWaiting })
    .from(leadAllowances)
    .where(eq(leadAllowances.userId, userId))
    .for("update");
  const left = row?.left ?? 0;
  const taken = options.behindWaiting && row?.waiting ? 0 : Math.min(left, Math.max(0, wanted));
  if (taken > 0) {
    await tx
      .update(leadAllowances)
      .set({ requestsLeft: sql`${leadAllowances.requestsLeft} - ${taken}`, updatedAt: new Date() })
      .where(eq(leadAllowances.userId, userId));
  }
  return { taken, left: left - taken };
}

/**
 * Adds a purchase's requests in one UPDATE, to what is left when `carry` (the tariff still
 * runs) or to nothing: never read-then-written, so a lead released while the purchase
 * commits is not given back. Answers the new count.
 */
export async function addRequests(
  tx: DbOrTx,
  userId: number,
  granted: number,
  carry: boolean,
): Promise<number> {
  await ensureAllowanceRow(tx, userId);
  const base = carry ? sql`${leadAllowances.requestsLeft}` : sql`0`;
  const [row] = await tx
    .update(leadAllowances)
    .set({ requestsLeft: sql`${base} + ${granted}`, updatedAt: new Date() })
    .where(eq(leadAllowances.userId, userId))
    .returning({ left: leadAllowances.requestsLeft });
  return row?.left ?? granted;
}

/** Sets an account's requests left (the tests). */
export async function setRequestsLeft(db: DbOrTx, userId: number, left: number): Promise<void> {
  await db
    .insert(leadAllowances)
    .values({ userId, requestsLeft: left })
    .onConflictDoUpdate({
      target: leadAllowances.userId,
      set: { requestsLeft: left, updatedAt: new Date() },
    });
}

/**
 * Marks that a delivery of the account waits for a request, in the transaction that makes
 * it wait and after `takeRequests` made and locked the row.
 */
export async function markDeliveriesWaiting(tx: DbOrTx, userId: number): Promise<void> {
  await tx
    .update(leadAllowances)
    .set({ deliveriesWaiting: true })
    .where(eq(leadAllowances.userId, userId));
}

/** Accounts with deliveries waiting and a request left (`lead_allowances_release_idx`). */
export async function findAccountsToRelease(db: DbOrTx, limit: number): Promise<number[]> {
  const rows = await db
    .select({ userId: leadAllowances.userId })
    .from(leadAllowances)
    .where(and(eq(leadAllowances.deliveriesWaiting, true), sql`${leadAllowances.requestsLeft} > 0`))
    .limit(limit);
  return rows.map((r) => r.userId);
}

/**
 * Clears the account's mark when `stillWaiting` (asked after the row is locked, so in a
 * statement that sees every delivery made to wait before) says none waits any more.
 */
export async function clearDeliveriesWaiting(
  tx: DbOrTx,
  userId: number,
  stillWaiting: () => Promise<boolean>,
): Promise<void> {
  await tx
    .select({ userId: leadAllowances.userId })
    .from(leadAllowances)
    .where(eq(leadAllowances.userId, userId))
    .for("update");
  if (await stillWaiting()) return;
  await tx
    .update(leadAllowances)
    .set({ deliveriesWaiting: false })
    .where(eq(leadAllowances.userId, userId));
}
