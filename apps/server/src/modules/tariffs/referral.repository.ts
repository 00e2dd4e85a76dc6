import { and, desc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { referralWithdrawals, users } from "../../db/schema";

export type WithdrawalRow = typeof referralWithdrawals.$inferSelect;

export async function findReferralOf(
  db: DbOrTx,
  userId: number,
): Promise<{ code: string; referredBy: number | null } | undefined> {
  const rows = await db
    .select({ code: users.referralCode, referredBy: users.referredBy })
    .from(users)
    .where(eq(users.id, userId));
  return rows[0];
}

export async function countInvited(db: DbOrTx, userId: number): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.referredBy, userId));
  return Number(rows[0]?.n ?? 0);
}

export async function listWithdrawals(db: DbOrTx, userId: number): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(referralWithdrawals)
    .where(eq(referralWithdrawals.userId, userId))
    .orderBy(desc(referralWithdrawals.id))
    .limit(100);
}

export async function insertWithdrawal(
  db: DbOrTx,
  row: typeof referralWithdrawals.$inferInsert,
): Promise<WithdrawalRow> {
  const [inserted] = await db.insert(referralWithdrawals).values(row).returning();
  if (!inserted) throw new Error("withdrawal insert returned nothing");
  return inserted;
}

/** Decides a pending request (once: a decided one is left as it is); the row or undefined. */
export async function decideWithdrawal(
  db: DbOrTx,
  id: number,
  status: "paid" | "rejected",
): Promise<WithdrawalRow | undefined> {
  const [row] = await db
    .update(referralWithdrawals)
    .set({ status, decidedAt: new Date() })
    .where(and(eq(referralWithdrawals.id, id), eq(referralWithdrawals.status, "pending")))
    .returning();
  return row;
}
