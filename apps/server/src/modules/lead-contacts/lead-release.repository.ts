import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { leads } from "../../db/schema";

/**
 * Locks the account's live (not erased) leads among `ids` for the transaction, in id order
 * (two releases of overlapping leads lock them in the same order), and answers whether
 * each is released already (`is_opened`).
 */
export function lockLiveLeads(
  tx: DbOrTx,
  userId: number,
  ids: readonly number[],
): Promise<{ id: number; isOpened: boolean }[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({ id: leads.id, isOpened: leads.isOpened })
    .from(leads)
    .where(and(eq(leads.userId, userId), isNull(leads.erasedAt), inArray(leads.id, [...ids])))
    .orderBy(leads.id)
    .for("update");
}

/** Marks leads released: their contacts are shown, exported and delivered from now on. */
export async function markLeadsOpened(tx: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(leads)
    .set({ isOpened: true, openedAt: new Date() })
    .where(inArray(leads.id, [...ids]));
}
