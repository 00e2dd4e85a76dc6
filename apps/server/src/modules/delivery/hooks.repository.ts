import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { integrations, leads, quizzes, users } from "../../db/schema";

/**
 * The account's REST hooks counted while its user row is held (`FOR UPDATE`) until the
 * transaction ends: two subscribes at once cannot both pass the limit (docs/delivery.md
 * "REST hooks").
 */
export async function countHooksHeld(tx: DbOrTx, userId: number): Promise<number> {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${userId} for update`);
  const [held] = await tx
    .select({ n: count() })
    .from(integrations)
    .where(and(eq(integrations.userId, userId), eq(integrations.type, "hook")));
  return Number(held?.n ?? 0);
}

/** The newest sent, not erased leads of the account (or of one quiz), with their quiz. */
export function newestLeads(db: DbOrTx, userId: number, quizId: number | undefined, limit: number) {
  return db
    .select({ lead: leads, quiz: { id: quizzes.id, title: quizzes.title } })
    .from(leads)
    .innerJoin(quizzes, eq(quizzes.id, leads.quizId))
    .where(
      and(
        eq(leads.userId, userId),
        quizId !== undefined ? eq(leads.quizId, quizId) : undefined,
        eq(leads.isPartial, false),
        isNull(leads.erasedAt),
      ),
    )
    .orderBy(desc(leads.id))
    .limit(limit);
}
