import { eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { leads } from "../../db/schema";
import { sessionOfQuiz } from "../visitor-sessions";

export type NewLead = Omit<typeof leads.$inferInsert, "id" | "sessionId" | "createdAt"> & {
  /** The visitor session as sent; stored only when it is a session of this quiz. */
  session: string | null;
};

/**
 * Stores a lead unless one with its submission_id exists: one statement (INSERT … ON
 * CONFLICT DO NOTHING), committed when it returns. Answers the new id, or null when the
 * submission_id was already stored (also when another request stored it a moment ago).
 */
export async function insertLead(db: DbOrTx, lead: NewLead): Promise<number | null> {
  const { session, ...values } = lead;
  const rows = await db
    .insert(leads)
    .values({ ...values, sessionId: sessionOfQuiz(session, values.quizId) })
    .onConflictDoNothing({ target: leads.submissionId })
    .returning({ id: leads.id });
  return rows[0]?.id ?? null;
}

export interface StoredSubmission {
  id: number;
  quizId: number;
  publicationVersion: number;
  results: (typeof leads.$inferSelect)["results"];
}

export async function findLeadBySubmission(
  db: DbOrTx,
  submissionId: string,
): Promise<StoredSubmission | undefined> {
  const rows = await db
    .select({
      id: leads.id,
      quizId: leads.quizId,
      publicationVersion: leads.publicationVersion,
      results: leads.results,
    })
    .from(leads)
    .where(eq(leads.submissionId, submissionId))
    .limit(1);
  return rows[0];
}
