import { and, count, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { leads } from "../../db/schema";

/**
 * How many leads each of `quizIds` has stored (a quiz without leads is absent: 0); partial
 * leads (docs/leads.md) are not leads yet and not counted.
 */
export async function countLeadsByQuiz(
  db: DbOrTx,
  quizIds: readonly number[],
): Promise<Map<number, number>> {
  if (quizIds.length === 0) return new Map();
  const rows = await db
    .select({ quizId: leads.quizId, leads: count() })
    .from(leads)
    .where(and(inArray(leads.quizId, [...quizIds]), eq(leads.isPartial, false)))
    .groupBy(leads.quizId);
  return new Map(rows.map((row) => [row.quizId, row.leads]));
}
