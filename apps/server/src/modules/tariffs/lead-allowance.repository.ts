import { and, eq, gt, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { leadAllowances } from "../../db/schema";

/**
 * Requests left: the stored count, or the trial allowance for an account that never
 * opened a lead (its row is made on the first opening).
 */
export async function readRequestsLeft(
  db: DbOrTx,
  userId: number,
  trialRequests: number,
): Promise<number> {
  const rows = await db
    .select({ left: leadAllowances.requestsLeft })
    .from(leadAllowances)
    .where(eq(leadAllowances.userId, userId));
  return rows[0]?.left ?? trialRequests;
}

/**
 * The same count as an SQL expression (an uncorrelated scalar subquery, evaluated once per
 * statement), for a query that reads it along with other rows in one round trip.
 */
export function requestsLeftExpression(userId: number, trialRequests: number): SQL<number> {
  return sql<number>`coalesce((select ${leadAllowances.requestsLeft} from ${leadAllowances}
    where ${leadAllowances.userId} = ${userId}), ${trialRequests}::int)`.mapWith(Number);
}

/**
 * Spends one request inside the caller's transaction: makes the account's row with the
 * trial allowance when missing, then one UPDATE … WHERE requests_left > 0, which takes the
 * row lock (a concurrent spender waits and re-checks the count after the other commits).
 * Answers the requests left after spending, or null when none was left.
 */
export async function spendOneRequest(
  tx: DbOrTx,
  userId: number,
  trialRequests: number,
): Promise<number | null> {
  await tx
    .insert(leadAllowances)
    .values({ userId, requestsLeft: trialRequests })
    .onConflictDoNothing({ target: leadAllowances.userId });
  const rows = await tx
    .update(leadAllowances)
    .set({ requestsLeft: sql`${leadAllowances.requestsLeft} - 1`, updatedAt: new Date() })
    .where(and(eq(leadAllowances.userId, userId), gt(leadAllowances.requestsLeft, 0)))
    .returning({ left: leadAllowances.requestsLeft });
  return rows[0]?.left ?? null;
}

/** Sets an account's requests left (the tariffs work and the tests). */
export async function setRequestsLeft(db: DbOrTx, userId: number, left: number): Promise<void> {
  await db
    .insert(leadAllowances)
    .values({ userId, requestsLeft: left })
    .onConflictDoUpdate({
      target: leadAllowances.userId,
      set: { requestsLeft: left, updatedAt: new Date() },
    });
}
