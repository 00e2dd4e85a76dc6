import { and, eq, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { refreshTokens } from "../../db/schema";

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(
  db: DbOrTx,
  row: { userId: number; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(row);
}

export async function findRefreshTokenByHash(
  db: DbOrTx,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const rows = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return rows[0];
}

/**
 * Marks a token used (keeping its encrypted successor) if nobody has yet; false when another
 * request spent it first.
 */
export async function markRefreshTokenUsed(
  db: DbOrTx,
  id: number,
  successor: string,
): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: new Date(), successor })
    .where(
      and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)),
    )
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeRefreshTokenFamily(db: DbOrTx, familyId: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeRefreshTokensOfUser(db: DbOrTx, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
