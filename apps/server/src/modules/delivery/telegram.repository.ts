import { and, desc, eq, gt, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { quizzes, telegramBotState, telegramStartCodes, users } from "../../db/schema";

export async function insertStartCode(
  db: DbOrTx,
  values: { codeHash: string; userId: number; quizId: number; expiresAt: Date },
): Promise<void> {
  await db.insert(telegramStartCodes).values(values);
}

/** Forgets a quiz's codes that can no longer be used (expired and never bound). */
export async function deleteStaleStartCodes(db: DbOrTx, quizId: number, now: Date) {
  await db
    .delete(telegramStartCodes)
    .where(
      and(
        eq(telegramStartCodes.quizId, quizId),
        lt(telegramStartCodes.expiresAt, now),
        isNull(telegramStartCodes.boundAt),
      ),
    );
}

/**
 * Binds a chat to the code with this hash, once: only a code not bound yet and not expired.
 * Answers the quiz's title and its owner's language, or undefined when refused.
 */
export async function bindStartCode(
  db: DbOrTx,
  codeHash: string,
  chat: { id: string; title: string },
  now: Date,
) {
  const [bound] = await db
    .update(telegramStartCodes)
    .set({ chatId: chat.id, chatTitle: chat.title, boundAt: now })
    .where(
      and(
        eq(telegramStartCodes.codeHash, codeHash),
        isNull(telegramStartCodes.boundAt),
        gt(telegramStartCodes.expiresAt, now),
      ),
    )
    .returning({ quizId: telegramStartCodes.quizId, userId: telegramStartCodes.userId });
  if (!bound) return undefined;
  const [owner] = await db
    .select({ title: quizzes.title, language: users.languageCode })
    .from(quizzes)
    .innerJoin(users, eq(users.id, bound.userId))
    .where(eq(quizzes.id, bound.quizId));
  return owner;
}

/** The newest chat bound for this owner and quiz since `since` and not used yet. */
export async function findBoundChat(db: DbOrTx, userId: number, quizId: number, since: Date) {
  const [row] = await db
    .select()
    .from(telegramStartCodes)
    .where(
      and(
        eq(telegramStartCodes.userId, userId),
        eq(telegramStartCodes.quizId, quizId),
        isNotNull(telegramStartCodes.chatId),
        isNull(telegramStartCodes.usedAt),
        gt(telegramStartCodes.boundAt, since),
      ),
    )
    .orderBy(desc(telegramStartCodes.boundAt))
    .limit(1);
  return row;
}

/** Marks a binding used (an integration was made from it); false when it already was. */
export async function useBoundChat(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(telegramStartCodes)
    .set({ usedAt: now })
    .where(and(eq(telegramStartCodes.id, id), isNull(telegramStartCodes.usedAt)))
    .returning({ id: telegramStartCodes.id });
  return rows.length === 1;
}

/**
 * Takes or renews the poller's lease for `leaseMs` when it is free, lapsed or already this
 * poller's; answers the next getUpdates offset, or null when another process polls.
 */
export async function claimPollerLease(
  db: DbOrTx,
  pollerId: string,
  now: Date,
  leaseMs: number,
): Promise<number | null> {
  await db.insert(telegramBotState).values({ id: 1 }).onConflictDoNothing();
  const [row] = await db
    .update(telegramBotState)
    .set({ pollerId, leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(
      and(
        eq(telegramBotState.id, 1),
        or(
          eq(telegramBotState.pollerId, pollerId),
          isNull(telegramBotState.leaseUntil),
          lt(telegramBotState.leaseUntil, now),
        ),
      ),
    )
    .returning({ offset: telegramBotState.updateOffset });
  return row ? row.offset : null;
}

/** Moves the offset on past handled updates (only while this poller holds the lease). */
export async function saveUpdateOffset(db: DbOrTx, pollerId: string, offset: number) {
  await db
    .update(telegramBotState)
    .set({ updateOffset: sql`greatest(${telegramBotState.updateOffset}, ${offset})` })
    .where(and(eq(telegramBotState.id, 1), eq(telegramBotState.pollerId, pollerId)));
}

/** Lets another process poll at once (this one stops). */
export async function releasePollerLease(db: DbOrTx, pollerId: string) {
  await db
    .update(telegramBotState)
    .set({ leaseUntil: null })
    .where(and(eq(telegramBotState.id, 1), eq(telegramBotState.pollerId, pollerId)));
}
