import { and, eq, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { leads, users } from "../../db/schema";
import { erasedLeadValues } from "./lead-inbox.repository";

/** SQL of the lead retention (docs/leads.md "Retention"). */

export async function findLeadRetention(db: DbOrTx, userId: number): Promise<number | null> {
  const rows = await db
    .select({ days: users.leadRetentionDays })
    .from(users)
    .where(eq(users.id, userId));
  return rows[0]?.days ?? null;
}

export async function setLeadRetention(
  db: DbOrTx,
  userId: number,
  days: number | null,
): Promise<void> {
  await db
    .update(users)
    .set({ leadRetentionDays: days, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** The accounts that set a retention, with it. */
export async function accountsWithRetention(
  db: DbOrTx,
): Promise<{ userId: number; days: number }[]> {
  const rows = await db
    .select({ userId: users.id, days: users.leadRetentionDays })
    .from(users)
    .where(isNotNull(users.leadRetentionDays))
    .orderBy(users.id);
  return rows.map((row) => ({ userId: row.userId, days: row.days ?? 0 }));
}

/**
 * Erases up to `limit` of the account's live leads created before `cutoff`; answers how
 * many. The candidates come from `leads_user_live_created_idx` and are locked with SKIP
 * LOCKED, so a lead being opened or erased by its owner right now is left for the next run.
 */
export async function eraseLeadsCreatedBefore(
  db: DbOrTx,
  userId: number,
  cutoff: Date,
  limit: number,
): Promise<number> {
  const batch = db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.userId, userId), isNull(leads.erasedAt), lt(leads.createdAt, cutoff)))
    .limit(limit)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(leads)
    .set(erasedLeadValues())
    // Re-checked: a row erased since the batch was read is not erased twice.
    .where(and(inArray(leads.id, batch), isNull(leads.erasedAt)))
    .returning({ id: leads.id });
  return rows.length;
}
