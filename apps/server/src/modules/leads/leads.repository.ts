import { and, eq, gt, or, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { leads } from "../../db/schema";
import { sessionOfQuiz, sessionStartOfQuiz } from "../visitor-sessions";

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

/** How far back a lead with the same e-mail or phone makes a new one a duplicate. */
const DUPLICATE_WINDOW_DAYS = 30;

export interface StoredLeadFacts {
  duplicate: boolean;
  /** Seconds since the visitor session started (null without a session of this quiz). */
  secondsTaken: number | null;
}

/**
 * What the quality flags need from stored rows, in one round trip: another lead of the quiz
 * with the same e-mail or phone in the last 30 days (leads_quiz_email_idx / _phone_idx),
 * and the start of the visitor's session.
 */
export async function storedLeadFacts(
  db: DbOrTx,
  lead: { quizId: number; email: string; phone: string; session: string | null },
): Promise<StoredLeadFacts> {
  const sameContact = or(
    lead.email === "" ? sql`false` : eq(leads.email, lead.email),
    lead.phone === "" ? sql`false` : eq(leads.phone, lead.phone),
  );
  const duplicate = db
    .select({ one: sql`1` })
    .from(leads)
    .where(
      and(
        eq(leads.quizId, lead.quizId),
        gt(leads.createdAt, sql`now() - make_interval(days => ${DUPLICATE_WINDOW_DAYS})`),
        sameContact,
      ),
    )
    .limit(1);
  const started = sessionStartOfQuiz(lead.session, lead.quizId);
  const result = await db.execute(
    sql`select exists(${duplicate}) as duplicate,
      extract(epoch from (now() - ${started}))::float8 as seconds`,
  );
  // Both drivers answer `{rows}`; drizzle types the result per driver.
  const row = (result as unknown as { rows: { duplicate: boolean; seconds: number | null }[] })
    .rows[0];
  return {
    duplicate: row?.duplicate === true,
    secondsTaken: row?.seconds === null || row?.seconds === undefined ? null : Number(row.seconds),
  };
}
