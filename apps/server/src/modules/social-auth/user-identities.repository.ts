import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { userIdentities } from "../../db/schema";

export type UserIdentityRow = typeof userIdentities.$inferSelect;

export async function findIdentity(
  db: DbOrTx,
  provider: string,
  subject: string,
): Promise<UserIdentityRow | undefined> {
  const rows = await db
    .select()
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
    .limit(1);
  return rows[0];
}

/** Links (provider, subject) to a user; false when that identity is linked already (race-safe). */
export async function insertIdentity(
  db: DbOrTx,
  row: { userId: number; provider: string; subject: string },
): Promise<boolean> {
  const rows = await db
    .insert(userIdentities)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: userIdentities.id });
  return rows.length === 1;
}
