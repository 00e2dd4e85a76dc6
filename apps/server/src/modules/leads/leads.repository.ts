import { and, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { type FixedStatement, fixedStatement } from "../../db/prepared";
import { leads } from "../../db/schema";
import { uuidOrNull } from "../../lib/uuid";
import { sessionOfQuiz } from "../visitor-sessions";

export type NewLead = Omit<
  typeof leads.$inferInsert,
  "id" | "sessionId" | "createdAt" | "isOpened" | "openedAt"
> & {
  /** The visitor session as sent; stored only when it is a session of this quiz. */
  session: string | null;
};

/** How far back a lead with the same e-mail or phone makes a new one a duplicate. */
const DUPLICATE_WINDOW_DAYS = 30;

/** A lead to store, with what its `too_fast` flag is judged by. */
export interface LeadToStore {
  lead: NewLead;
  /** Flag `too_fast` when the visitor session started less than this many seconds before. */
  tooFastBelowSeconds: number;
}

/**
 * Another write of the same statement, given the row source of the new leads (`id`,
 * `quiz_id`, `user_id`, `flags`; only the leads stored now, not the submission_ids stored before):
 * the delivery outbox.
 */
export type AlsoWrite = (newLeads: SQL) => SQL;

/**
 * Stores leads, each unless one with its submission_id exists, in ONE statement (one round
 * trip, committed when it returns; docs/leads.md "Storing a lead"). The leads travel as one
 * JSON array (`jsonb_to_recordset`), so the statement's text is the same for one lead or
 * fifty: one prepared statement, one plan. Every look-up is a LATERAL … LIMIT 1 probe of an
 * index, a shape PostgreSQL cannot turn into a hash of the whole table. Per lead:
 * - `flags` (the contact flags) gets `duplicate` (another lead of the quiz with the same
 *   e-mail or phone in the last 30 days, leads_quiz_email_idx / _phone_idx, or an earlier
 *   lead of this batch) and `too_fast` (the visitor session of this quiz started less than
 *   `tooFastBelowSeconds` ago);
 * - INSERT … ON CONFLICT (submission_id) DO NOTHING;
 * - the session's partial lead goes, and when the owner had already opened (paid for) it,
 *   the new lead is stored opened;
 * - `alsoWrite` (the delivery outbox).
 * Answers the new ids in the order of `batch`, null where the submission_id was already
 * stored (also when another request stored it a moment ago): then nothing else is written
 * for that lead. Two leads of one batch must not share a submission_id (lead-writer.ts).
 */
export async function storeLeads(
  db: DbOrTx,
  batch: readonly LeadToStore[],
  alsoWrite?: AlsoWrite,
): Promise<(number | null)[]> {
  const rows = batch.map(({ lead, tooFastBelowSeconds }, n) => ({
    n,
    submission_id: lead.submissionId,
    quiz_id: lead.quizId,
    project_id: lead.projectId,
    user_id: lead.userId,
    publication_version: lead.publicationVersion,
    session: uuidOrNull(lead.session),
    name: lead.name ?? "",
    email: lead.email ?? "",
    phone: lead.phone ?? "",
    messengers: lead.messengers ?? {},
    other: lead.other ?? "",
    other2: lead.other2 ?? "",
    answers: lead.answers ?? [],
    results: lead.results ?? [],
    other_fields: lead.otherFields ?? {},
    utm: lead.utm ?? {},
    referrer: lead.referrer ?? "",
    page_url: lead.pageUrl ?? "",
    consent: lead.consent ?? false,
    flags: lead.flags ?? [],
    too_fast_below: tooFastBelowSeconds,
  }));
  // A named prepared statement on PostgreSQL: planned once per connection.
  const stored = await leadStatement(alsoWrite).run<{ id: number; n: number }>(db, [
    JSON.stringify(rows),
  ]);
  const ids: (number | null)[] = batch.map(() => null);
  for (const row of stored) ids[row.n] = row.id;
  return ids;
}

const WITHOUT_ALSO = Symbol("no other write");
const leadStatements = new Map<AlsoWrite | typeof WITHOUT_ALSO, FixedStatement>();

/** The statement of `storeLeads`, its text worked out once per `alsoWrite`. */
function leadStatement(alsoWrite: AlsoWrite | undefined): FixedStatement {
  const key = alsoWrite ?? WITHOUT_ALSO;
  let statement = leadStatements.get(key);
  if (!statement) {
    statement = buildLeadStatement(alsoWrite);
    leadStatements.set(key, statement);
  }
  return statement;
}

/** `$1`: the leads as a JSON array of `storeLeads`'s rows. */
function buildLeadStatement(alsoWrite: AlsoWrite | undefined): FixedStatement {
  // One look-up per contact, each an index scan of its partial index that stops at the first
  // match (an OR of both made PostgreSQL read every earlier lead of the same contact into a
  // bitmap first: 2 ms a lead once a contact had 30,000). LATERAL … LIMIT 1 so that it stays
  // a probe per lead: as EXISTS, PostgreSQL may hash every recent lead of the table once per
  // statement instead. `<> ''` repeats the indexes' predicate, which the prepared
  // statement's generic plan cannot read from a parameter (docs/speed.md "Prepared
  // statements"). An earlier lead of the same batch counts too.
  const seen = (column: "email" | "phone") =>
    sql.raw(`left join lateral (select true as seen from leads d
        where d.quiz_id = i.quiz_id and d.${column} = i.${column} and d.${column} <> ''
          and d.created_at > now() - interval '${DUPLICATE_WINDOW_DAYS} days'
        limit 1) seen_${column} on i.${column} <> ''`);
  const earlier = (column: "email" | "phone") =>
    `exists (select 1 from input e where e.n < i.n and e.quiz_id = i.quiz_id
        and e.${column} = i.${column} and i.${column} <> '')`;
  const duplicate = sql.raw(`seen_email.seen or seen_phone.seen or ${earlier("email")}
        or ${earlier("phone")}`);
  const also = alsoWrite ? sql`, also as (${alsoWrite(sql`new_lead`)})` : sql``;
  return fixedStatement(sql`with
    input as (
      select * from jsonb_to_recordset($1::jsonb) as i(n int,
        submission_id uuid, quiz_id int, project_id int, user_id int, publication_version int,
        session uuid, name text, email text, phone text, messengers jsonb, other text,
        other2 text, answers jsonb, results jsonb, other_fields jsonb, utm jsonb,
        referrer text, page_url text, consent boolean, flags text[], too_fast_below float8)
    ),
    session as (
      select i.n, v.id, v.created_at from input i
      cross join lateral (select id, created_at from visitor_sessions
        where id = i.session and quiz_id = i.quiz_id limit 1) v
    ),
    partial as (
      select s.n, p.id, p.is_opened from session s
      cross join lateral (select id, is_opened from leads
        where session_id = s.id and is_partial and erased_at is null limit 1) p
    ),
    opened as (select n, bool_or(is_opened) as is_opened from partial group by n),
    new_lead as (
      insert into leads (submission_id, quiz_id, project_id, user_id, publication_version,
        session_id, name, email, phone, messengers, other, other2, answers, results,
        other_fields, utm, referrer, page_url, consent, flags, is_opened, opened_at)
      select i.submission_id, i.quiz_id, i.project_id, i.user_id, i.publication_version,
        s.id, i.name, i.email, i.phone, i.messengers, i.other, i.other2, i.answers,
        i.results, i.other_fields, i.utm, i.referrer, i.page_url, i.consent,
        i.flags || array_remove(array[
          case when ${duplicate} then 'duplicate' end,
          case when extract(epoch from now() - s.created_at) < i.too_fast_below
            then 'too_fast' end
        ]::text[], null),
        coalesce(o.is_opened, false),
        case when o.is_opened then now() end
      from input i left join session s on s.n = i.n left join opened o on o.n = i.n
        ${seen("email")} ${seen("phone")}
      order by i.n
      on conflict (submission_id) do nothing
      returning id, submission_id, quiz_id, user_id, flags
    ),
    merged as (
      delete from leads where id in (select p.id from partial p
        join input i on i.n = p.n join new_lead l on l.submission_id = i.submission_id)
    )${also}
    select l.id, i.n from new_lead l join input i on i.submission_id = l.submission_id`);
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
