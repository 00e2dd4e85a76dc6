import type { QuizEventType } from "@leadquiz/contract";
import { ANALYTICS_SOURCE_MAX_LENGTH } from "@leadquiz/contract";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { queryRows } from "../../db/rows";
import { projects, questions, quizzes } from "../../db/schema";
import { uuidOrNull } from "../../lib/uuid";
import { projectOwnedBy, quizOwnedBy } from "../../policies/ownership";

/** Rows per roll-up key (docs/analytics.md "Storage"): spreads a busy quiz's upserts. */
const ANALYTICS_SHARDS = 16;

/** A funnel event as the visitor-sessions module hands it over. */
export interface FunnelEvent {
  quizId: number;
  session: string | null | undefined;
  type: QuizEventType;
  questionId: number | null;
}

/**
 * Stores raw funnel events and counts them in the roll-up, in one statement for the whole
 * batch (one round trip, one implicit transaction, one commit; docs/analytics.md
 * "Storage"): the event rows (append-only), the sessions' steps (a session counts once per
 * step and question), and, only for steps new to their session, +n on the `analytics_daily`
 * row of (quiz, UTC day, the session's UTM source, step, question, a random shard). An event
 * without a known session of its quiz counts each time. Roll-up rows are written in key
 * order, so two batches upserting the same rows wait for each other instead of deadlocking.
 * The commit does not wait for the WAL to reach the disk (`synchronous_commit` off for this
 * transaction only): a crash of PostgreSQL itself may lose the last moment of events.
 */
export async function recordFunnelEvents(
  db: DbOrTx,
  events: readonly FunnelEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const input = JSON.stringify(
    events.map((event, ord) => ({
      ord,
      quiz_id: event.quizId,
      session_id: uuidOrNull(event.session),
      type: event.type,
      question_id: event.questionId,
    })),
  );
  await db.execute(sql`
    with input as (
      select t.* from jsonb_to_recordset(${input}::jsonb)
        as t(ord int, quiz_id int, session_id uuid, type text, question_id int),
        -- This statement's commit does not wait for the WAL flush (docs/analytics.md
        -- "Ingest"): funnel counts, never leads.
        (select set_config('synchronous_commit', 'off', true)) as no_flush_wait
    ),
    -- Sessions are looked up one by one through their primary key (a lateral "limit 1" is
    -- never turned into a join): the planner cannot know how few rows a batch holds and
    -- would otherwise scan every visitor session for each batch.
    known as (
      select i.ord, vs.id as session_id
      from input i
      join lateral (
        select id from visitor_sessions
        where id = i.session_id and quiz_id = i.quiz_id limit 1
      ) vs on true
    ),
    e as (
      insert into quiz_events (quiz_id, session_id, type, question_id)
      select i.quiz_id, k.session_id, i.type, i.question_id
      from input i left join known k on k.ord = i.ord
      order by i.ord
    ),
    first_time as (
      insert into analytics_session_steps (session_id, step, question_id)
      select distinct k.session_id, i.type, coalesce(i.question_id, 0)
      from input i join known k on k.ord = i.ord
      order by 1, 2, 3
      on conflict do nothing
      returning session_id, step, question_id
    ),
    counted as (
      select i.quiz_id, '' as source, i.type as step, coalesce(i.question_id, 0) as question
      from input i left join known k on k.ord = i.ord
      where k.session_id is null
      union all
      select vs.quiz_id,
        left(coalesce(vs.utm ->> 'utm_source', ''), ${ANALYTICS_SOURCE_MAX_LENGTH}),
        f.step, f.question_id
      from first_time f
      join lateral (
        select quiz_id, utm from visitor_sessions where id = f.session_id limit 1
      ) vs on true
    ),
    grouped as (
      select quiz_id, source, step, question, count(*)::int as visits,
        floor(random() * ${ANALYTICS_SHARDS})::smallint as shard
      from counted group by quiz_id, source, step, question
    )
    insert into analytics_daily (quiz_id, day, utm_source, step, question_id, shard, visits)
    select quiz_id, (now() at time zone 'UTC')::date, source, step, question, shard, visits
    from grouped
    order by quiz_id, source, step, question, shard
    on conflict (quiz_id, day, utm_source, step, question_id, shard)
    do update set visits = analytics_daily.visits + excluded.visits`);
}

/**
 * Rebuilds the roll-up of the given quizzes from the raw events (an operator's repair, and
 * how the bench fills it): the same rule as recordFunnelEvents, in one statement each.
 */
export async function rebuildRollup(db: DbOrTx, quizIds: number[]): Promise<void> {
  if (quizIds.length === 0) return;
  const ids = sql.join(
    quizIds.map((id) => sql`${id}`),
    sql`, `,
  );
  await db.execute(sql`delete from analytics_daily where quiz_id in (${ids})`);
  await db.execute(sql`delete from analytics_session_steps st using visitor_sessions vs
    where vs.id = st.session_id and vs.quiz_id in (${ids})`);
  await db.execute(sql`
    insert into analytics_session_steps (session_id, step, question_id)
    select distinct session_id, type, coalesce(question_id, 0) from quiz_events
    where quiz_id in (${ids}) and session_id is not null
    on conflict do nothing`);
  await db.execute(sql`
    insert into analytics_daily (quiz_id, day, utm_source, step, question_id, visits)
    select f.quiz_id, f.day, f.source, f.type, f.question, count(*)::int
    from (
      select distinct on (coalesce(e.session_id::text, e.id::text), e.type, coalesce(e.question_id, 0))
        e.quiz_id, (e.created_at at time zone 'UTC')::date as day,
        left(coalesce(vs.utm ->> 'utm_source', ''), ${ANALYTICS_SOURCE_MAX_LENGTH}) as source,
        e.type, coalesce(e.question_id, 0) as question
      from quiz_events e left join visitor_sessions vs on vs.id = e.session_id
      where e.quiz_id in (${ids})
      order by coalesce(e.session_id::text, e.id::text), e.type, coalesce(e.question_id, 0), e.id
    ) f
    group by f.quiz_id, f.day, f.source, f.type, f.question`);
}

/** The live quiz of the caller, with its project; null when not theirs. */
export async function findOwnedQuiz(
  db: DbOrTx,
  userId: number,
  quizId: number,
): Promise<{ id: number } | null> {
  const rows = await db
    .select({ id: quizzes.id })
    .from(quizzes)
    .innerJoin(projects, eq(projects.id, quizzes.projectId))
    .where(and(eq(quizzes.id, quizId), quizOwnedBy(userId)))
    .limit(1);
  return rows[0] ?? null;
}

/** The live quizzes of the caller's project, oldest first; null when not theirs. */
export async function findOwnedProjectQuizzes(
  db: DbOrTx,
  userId: number,
  projectId: number,
): Promise<number[] | null> {
  const owned = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), projectOwnedBy(userId)))
    .limit(1);
  if (owned.length === 0) return null;
  const rows = await db
    .select({ id: quizzes.id })
    .from(quizzes)
    .innerJoin(projects, eq(projects.id, quizzes.projectId))
    .where(and(eq(quizzes.projectId, projectId), quizOwnedBy(userId)))
    .orderBy(asc(quizzes.id));
  return rows.map((row) => row.id);
}

/** The quizzes' questions in their order, quiz by quiz. */
export async function findQuestions(
  db: DbOrTx,
  quizIds: number[],
): Promise<{ id: number; quizId: number; title: string }[]> {
  if (quizIds.length === 0) return [];
  return db
    .select({ id: questions.id, quizId: questions.quizId, title: questions.title })
    .from(questions)
    .where(inArray(questions.quizId, quizIds))
    .orderBy(asc(questions.quizId), asc(questions.sort), asc(questions.id));
}

export interface RangeFilter {
  quizIds: number[];
  /** First day, `YYYY-MM-DD`. */
  from: string;
  /** Last day included. */
  to: string;
  source: string | undefined;
}

export interface RollupRow {
  day: string;
  source: string;
  step: string;
  question: number;
  visits: number;
}

/**
 * The roll-up rows of the range, summed over the quizzes: per day, source, step and
 * question. A 30-day report of one quiz reads a few thousand rows at most (the primary
 * key leads with quiz and day).
 */
export async function readRollup(db: DbOrTx, filter: RangeFilter): Promise<RollupRow[]> {
  if (filter.quizIds.length === 0) return [];
  const rows = await queryRows<{
    day: string | Date;
    source: string;
    step: string;
    question: number;
    visits: string | number;
  }>(
    db,
    sql`select day::text as day, utm_source as source, step, question_id as question,
        sum(visits)::bigint as visits
      from analytics_daily
      where quiz_id = any(${sqlIntArray(filter.quizIds)})
        and day between ${filter.from}::date and ${filter.to}::date
        ${filter.source === undefined ? sql`` : sql`and utm_source = ${filter.source}`}
      group by day, utm_source, step, question_id`,
  );
  return rows.map((row) => ({
    day: String(row.day),
    source: row.source,
    step: row.step,
    question: Number(row.question),
    visits: Number(row.visits),
  }));
}

/**
 * Leads (complete ones; a visitor's partial lead is not one) per day and UTM source, a
 * session counted once. Read from the leads table: honeypot submissions are never stored,
 * so bots caught by it never count.
 */
export async function readLeads(
  db: DbOrTx,
  filter: RangeFilter,
): Promise<{ day: string; source: string; leads: number }[]> {
  if (filter.quizIds.length === 0) return [];
  const source = sql`left(coalesce(utm ->> 'utm_source', ''), ${ANALYTICS_SOURCE_MAX_LENGTH})`;
  const rows = await queryRows<{ day: string; source: string; leads: string | number }>(
    db,
    sql`select (created_at at time zone 'UTC')::date::text as day, ${source} as source,
        count(distinct coalesce(session_id, submission_id))::bigint as leads
      from leads
      where quiz_id = any(${sqlIntArray(filter.quizIds)}) and not is_partial
        and created_at >= ${filter.from}::date::timestamp at time zone 'UTC'
        and created_at < (${filter.to}::date + 1)::timestamp at time zone 'UTC'
        ${filter.source === undefined ? sql`` : sql`and ${source} = ${filter.source}`}
      group by 1, 2`,
  );
  return rows.map((row) => ({
    day: String(row.day),
    source: row.source,
    leads: Number(row.leads),
  }));
}

/** An `int[]` literal of ids (bound as one parameter-free list; ids are integers). */
function sqlIntArray(ids: number[]): SQL {
  return sql.raw(`array[${ids.map((id) => Math.trunc(id)).join(",")}]::int[]`);
}
