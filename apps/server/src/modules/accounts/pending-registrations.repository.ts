import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { pendingRegistrations } from "../../db/schema";

export type PendingRegistrationRow = typeof pendingRegistrations.$inferSelect;

export interface NewPendingRegistration {
  email: string;
  passwordHash: string;
  languageCode: string;
  referredBy: number | null;
  tokenHash: string;
  expiresAt: Date;
}

export async function insertPendingRegistration(
  db: DbOrTx,
  row: NewPendingRegistration,
): Promise<void> {
  await db.insert(pendingRegistrations).values(row);
}

export async function findPendingRegistrationByTokenHash(
  db: DbOrTx,
  tokenHash: string,
): Promise<PendingRegistrationRow | undefined> {
  const rows = await db
    .select()
    .from(pendingRegistrations)
    .where(eq(pendingRegistrations.tokenHash, tokenHash))
    .limit(1);
  return rows[0];
}

/**
 * Locks every registration of an address, in one order (by id), until the transaction ends:
 * links of one address followed at the same moment then take turns instead of deadlocking.
 */
export async function lockPendingRegistrationsOf(db: DbOrTx, email: string): Promise<void> {
  await db
    .select({ id: pendingRegistrations.id })
    .from(pendingRegistrations)
    .where(sql`lower(${pendingRegistrations.email}) = lower(${email})`)
    .orderBy(pendingRegistrations.id)
    .for("update");
}

/**
 * Spends the registration of this link if it is neither spent nor expired, answering it (with
 * its password hash); undefined when it cannot (a concurrent request spent it first).
 */
export async function spendPendingRegistration(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
): Promise<PendingRegistrationRow | undefined> {
  const rows = await db
    .update(pendingRegistrations)
    .set({ usedAt: now })
    .where(
      and(
        eq(pendingRegistrations.tokenHash, tokenHash),
        isNull(pendingRegistrations.usedAt),
        gt(pendingRegistrations.expiresAt, now),
      ),
    )
    .returning();
  return rows[0];
}

/** Spends every registration of an address (its account exists now) and forgets their hashes. */
export async function retirePendingRegistrations(
  db: DbOrTx,
  email: string,
  now: Date,
): Promise<void> {
  await db
    .update(pendingRegistrations)
    .set({ usedAt: sql`coalesce(${pendingRegistrations.usedAt}, ${now})`, passwordHash: null })
    .where(sql`lower(${pendingRegistrations.email}) = lower(${email})`);
}

/** Deletes the registrations whose link expired before `before`. */
export async function deleteExpiredPendingRegistrations(db: DbOrTx, before: Date): Promise<void> {
  await db.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, before));
}
