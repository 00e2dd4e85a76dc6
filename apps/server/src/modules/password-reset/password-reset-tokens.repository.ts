import { and, eq, gt, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { passwordResetTokens } from "../../db/schema";

export type PasswordResetTokenRow = typeof passwordResetTokens.$inferSelect;

export async function insertPasswordResetToken(
  db: DbOrTx,
  row: { userId: number; tokenHash: string; credentialGeneration: number; expiresAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(row);
}

/** The token with this hash if it is neither used nor expired. */
export async function findUsablePasswordResetToken(
  db: DbOrTx,
  tokenHash: string,
  now: Date,
): Promise<PasswordResetTokenRow | undefined> {
  const rows = await db
    .select()
    .from(passwordResetTokens)
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0];
}

/**
 * Spends a token if it is still usable; false when a concurrent request spent it first
 * (the conditional UPDATE is the single-use guarantee).
 */
export async function markPasswordResetTokenUsed(
  db: DbOrTx,
  id: number,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.id, id),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning({ id: passwordResetTokens.id });
  return rows.length === 1;
}

/** Retires every unused token of a user (a newer link replaces them; a reset spends them). */
export async function retirePasswordResetTokensOfUser(
  db: DbOrTx,
  userId: number,
  now: Date,
): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
