import { eq, lt } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { oauthStates } from "../../db/schema";

export type OAuthStateRow = typeof oauthStates.$inferSelect;

/** Remembers a started connection; forgets the ones that ran out meanwhile. */
export async function insertOAuthState(db: DbOrTx, row: OAuthStateRow, now: Date): Promise<void> {
  await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
  await db.insert(oauthStates).values(row);
}

/** Takes a started connection: the one DELETE makes a state usable once, however many come. */
export async function takeOAuthState(
  db: DbOrTx,
  stateHash: string,
): Promise<OAuthStateRow | undefined> {
  const [row] = await db
    .delete(oauthStates)
    .where(eq(oauthStates.stateHash, stateHash))
    .returning();
  return row;
}
