import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
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

export type NewPartialLead = Omit<NewLead, "submissionId" | "session" | "flags"> & {
  /** The visitor session (a session of this quiz, else nothing is stored). */
  session: string;
};

/**
 * Keeps what a visitor who left gave so far, one row per visitor session (its id is the
 * row's submission_id): a later report of the same session replaces the earlier. Nothing is
 * stored when the session is not one of this quiz's, or when the session already sent its
 * full lead (one statement: INSERT … SELECT … WHERE NOT EXISTS … ON CONFLICT DO UPDATE).
 */
export async function upsertPartialLead(db: DbOrTx, lead: NewPartialLead): Promise<void> {
  const { session, ...values } = lead;
  const sessionId = sessionOfQuiz(session, values.quizId);
  if (!sessionId) return;
  const row = { ...values, submissionId: session.toLowerCase(), isPartial: true };
  const sent = db
    .select({ one: sql`1` })
    .from(leads)
    .where(
      and(eq(leads.sessionId, sql`${session.toLowerCase()}::uuid`), eq(leads.isPartial, false)),
    );
  await db.execute(sql`insert into ${leads} (
      submission_id, quiz_id, project_id, user_id, publication_version, session_id, is_partial,
      name, email, phone, messengers, other, other2, answers, results, other_fields, utm,
      referrer, page_url, consent)
    select ${row.submissionId}::uuid, ${row.quizId}, ${row.projectId}, ${row.userId},
      ${row.publicationVersion}, ${sessionId}, true, ${row.name ?? ""}, ${row.email ?? ""},
      ${row.phone ?? ""}, ${JSON.stringify(row.messengers ?? {})}::jsonb, ${row.other ?? ""},
      ${row.other2 ?? ""}, ${JSON.stringify(row.answers ?? [])}::jsonb,
      ${JSON.stringify(row.results ?? [])}::jsonb, ${JSON.stringify(row.otherFields ?? {})}::jsonb,
      ${JSON.stringify(row.utm ?? {})}::jsonb, ${row.referrer ?? ""}, ${row.pageUrl ?? ""},
      ${row.consent ?? false}
    where ${sessionId} is not null and not exists (${sent})
    on conflict (submission_id) do update set
      publication_version = excluded.publication_version, name = excluded.name,
      email = excluded.email, phone = excluded.phone, messengers = excluded.messengers,
      other = excluded.other, other2 = excluded.other2, answers = excluded.answers,
      results = excluded.results, other_fields = excluded.other_fields, utm = excluded.utm,
      referrer = excluded.referrer, page_url = excluded.page_url, consent = excluded.consent
    where ${leads.isPartial} and ${leads.erasedAt} is null`);
}

/**
 * The full lead `leadId` replaces its session's partial lead: the partial row goes, and when
 * the owner had already opened (paid for) it, the full lead is opened too.
 */
export async function mergePartialLead(db: DbOrTx, leadId: number): Promise<void> {
  const sessionOfLead = sql`(select ${leads.sessionId} from ${leads} where ${leads.id} = ${leadId})`;
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(leads)
      .where(
        and(eq(leads.isPartial, true), eq(leads.sessionId, sessionOfLead), isNull(leads.erasedAt)),
      )
      .returning({ isOpened: leads.isOpened });
    if (removed.some((row) => row.isOpened)) {
      await tx
        .update(leads)
        .set({ isOpened: true, openedAt: new Date() })
        .where(eq(leads.id, leadId));
    }
  });
}
