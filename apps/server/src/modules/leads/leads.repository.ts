import { and, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { executePrepared } from "../../db/prepared";
import { leads } from "../../db/schema";
import { sessionOfQuiz, sessionRowOfQuiz } from "../visitor-sessions";

export type NewLead = Omit<
  typeof leads.$inferInsert,
  "id" | "sessionId" | "createdAt" | "isOpened" | "openedAt"
> & {
  /** The visitor session as sent; stored only when it is a session of this quiz. */
  session: string | null;
};

/** How far back a lead with the same e-mail or phone makes a new one a duplicate. */
const DUPLICATE_WINDOW_DAYS = 30;

export interface StoreLeadOptions {
  /** Flag `too_fast` when the visitor session started less than this many seconds before. */
  tooFastBelowSeconds: number;
  /**
   * Another write of the same statement, given the row source of the new lead (`id`,
   * `quiz_id`, `user_id`; empty when the submission_id was stored before): the delivery
   * outbox.
   */
  alsoWrite?: (newLead: SQL) => SQL;
}

/**
 * Stores a lead unless one with its submission_id exists, in ONE statement (one round trip,
 * committed when it returns; docs/leads.md "Storing a lead"):
 * - `flags` (the contact flags) gets `duplicate` (another lead of the quiz with the same
 *   e-mail or phone in the last 30 days, leads_quiz_email_idx / _phone_idx) and `too_fast`
 *   (the visitor session of this quiz started less than `tooFastBelowSeconds` ago);
 * - INSERT … ON CONFLICT (submission_id) DO NOTHING;
 * - the session's partial lead goes, and when the owner had already opened (paid for) it,
 *   the new lead is stored opened;
 * - `alsoWrite` (the delivery outbox).
 * Answers the new id, or null when the submission_id was already stored (also when another
 * request stored it a moment ago): then nothing else is written.
 */
export async function storeLead(
  db: DbOrTx,
  lead: NewLead,
  options: StoreLeadOptions,
): Promise<number | null> {
  // One flat statement with casts on its parameters: no query builder per request (building
  // the insert and its sub-selects with drizzle cost more CPU than the rest of the request).
  const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
  const email = lead.email ?? "";
  const phone = lead.phone ?? "";
  // One EXISTS per contact, each an index scan of its partial index that stops at the first
  // match (an OR in one EXISTS made PostgreSQL read every earlier lead of the same contact
  // into a bitmap first: 2 ms a lead once a contact had 30,000). `<> ''` repeats the
  // indexes' predicate, which the prepared statement's generic plan cannot read from a
  // parameter (docs/speed.md "Prepared statements").
  const recentWith = (column: SQL, value: string) =>
    sql`exists (select 1 from leads where quiz_id = ${lead.quizId}::int
      and ${column} = ${value}::text and ${column} <> ''
      and created_at > now() - make_interval(days => ${DUPLICATE_WINDOW_DAYS}::int))`;
  const checks = [
    ...(email === "" ? [] : [recentWith(sql`email`, email)]),
    ...(phone === "" ? [] : [recentWith(sql`phone`, phone)]),
  ];
  const duplicate = checks.length === 0 ? sql`false` : sql.join(checks, sql` or `);
  const also = options.alsoWrite ? sql`, also as (${options.alsoWrite(sql`new_lead`)})` : sql``;
  // A named prepared statement on PostgreSQL: planned once per connection and form.
  const rows = await executePrepared<{ id: number }>(
    db,
    sql`with
    session as (${sessionRowOfQuiz(lead.session, lead.quizId)}),
    partial as (
      select p.id, p.is_opened from leads p join session s on p.session_id = s.id
      where p.is_partial and p.erased_at is null
    ),
    new_lead as (
      insert into leads (submission_id, quiz_id, project_id, user_id, publication_version,
        session_id, name, email, phone, messengers, other, other2, answers, results,
        other_fields, utm, referrer, page_url, consent, flags, is_opened, opened_at)
      select ${lead.submissionId}::uuid, ${lead.quizId}::int, ${lead.projectId}::int,
        ${lead.userId}::int, ${lead.publicationVersion}::int, (select id from session),
        ${lead.name ?? ""}::text, ${email}::text, ${phone}::text, ${json(lead.messengers ?? {})},
        ${lead.other ?? ""}::text, ${lead.other2 ?? ""}::text, ${json(lead.answers ?? [])},
        ${json(lead.results ?? [])}, ${json(lead.otherFields ?? {})}, ${json(lead.utm ?? {})},
        ${lead.referrer ?? ""}::text, ${lead.pageUrl ?? ""}::text, ${lead.consent ?? false}::boolean,
        array(select jsonb_array_elements_text(${json(lead.flags ?? [])})) || array_remove(array[
          case when ${duplicate} then 'duplicate' end,
          case when extract(epoch from now() - (select created_at from session))
            < ${options.tooFastBelowSeconds}::float8 then 'too_fast' end
        ]::text[], null),
        exists (select 1 from partial where is_opened),
        case when exists (select 1 from partial where is_opened) then now() end
      on conflict (submission_id) do nothing
      returning id, quiz_id, user_id
    ),
    merged as (
      delete from leads where id in (select id from partial) and exists (select 1 from new_lead)
    )${also}
    select id from new_lead`,
  );
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
