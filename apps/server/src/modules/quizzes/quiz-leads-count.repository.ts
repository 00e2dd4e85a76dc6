import { inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { projectLeadCounts, quizLeadCounts } from "../../db/schema";

/**
 * How many leads each of `quizIds` has: sent, not erased (partial leads are not leads yet,
 * docs/leads.md). Read from the counters the `leads` triggers keep (docs/leads.md
 * "Counts"): the quiz's few counter shards summed, no count over the leads. A quiz without leads
 * is absent (0).
 */
export async function countLeadsByQuiz(
  db: DbOrTx,
  quizIds: readonly number[],
): Promise<Map<number, number>> {
  if (quizIds.length === 0) return new Map();
  const rows = await db
    .select({ id: quizLeadCounts.quizId, leads: sql<number>`sum(${quizLeadCounts.leads})::int` })
    .from(quizLeadCounts)
    .where(inArray(quizLeadCounts.quizId, [...quizIds]))
    .groupBy(quizLeadCounts.quizId);
  return new Map(rows.map((row) => [row.id, row.leads]));
}

/** The same per project: the leads sent in each project (what the list's project filter shows). */
export async function countLeadsByProject(
  db: DbOrTx,
  projectIds: readonly number[],
): Promise<Map<number, number>> {
  if (projectIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: projectLeadCounts.projectId,
      leads: sql<number>`sum(${projectLeadCounts.leads})::int`,
    })
    .from(projectLeadCounts)
    .where(inArray(projectLeadCounts.projectId, [...projectIds]))
    .groupBy(projectLeadCounts.projectId);
  return new Map(rows.map((row) => [row.id, row.leads]));
}
