import type { QuizEventType } from "@leadquiz/contract";
import { ANALYTICS_SOURCE_MAX_LENGTH } from "@leadquiz/contract";
import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { projects, questions, quizzes } from "../../db/schema";
import { projectOwnedBy, quizOwnedBy } from "../../policies/ownership";

/** Rows per roll-up key (docs/analytics.md "Storage"): spreads a busy quiz's upserts. */
const ANALYTICS_SHARDS = 16;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Both drivers answer `{rows}`; drizzle types the result per driver. */
async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/**
 * Stores a raw funnel event and counts it in the roll-up, in one statement (one round
 * trip, one implicit transaction): the event row (append-only), the session's step (a
 * session counts once per step and question), and, only when the step is new for the
 * session, +1 on its `analytics_daily` row (quiz, UTC day, the session's UTM source, step,
 * question, a random shard). An event without a known session of this quiz counts each time.
 */
export async function recordFunnelEvent(
  db: DbOrTx,
  event: {
    quizId: number;
    session: string | null | undefined;
    type: QuizEventType;
    questionId: number | null;
  },
): Promise<void> {
  const session = event.session && UUID.test(event.session) ? event.session.toLowerCase() : null;
  const question = event.questionId ?? 0;
  await db.execute(sql`
    with s as (
      select id, left(coalesce(utm ->> 'utm_source', ''), ${ANALYTICS_SOURCE_MAX_LENGTH}) as source
      from visitor_sessions
      where id = ${session}::uuid and quiz_id = ${event.quizId}
    ),
    e as (
      insert into quiz_events (quiz_id, session_id, type, question_id)
      values (${event.quizId}, (select id from s), ${event.type}, ${event.questionId})
      returning session_id, created_at
    ),
    first_time as (
      insert into analytics_session_steps (session_id, step, question_id)
      select session_id, ${event.type}, ${question} from e where session_id is not null
      on conflict do nothing
      returning 1
    )
    insert into analytics_daily (quiz_id, day, utm_source, step, question_id, shard, visits)
    select ${event.quizId}, (e.created_at at time zone 'UTC')::date,
      coalesce((select source from s), ''), ${event.type}, ${question},
      floor(random() * ${ANALYTICS_SHARDS})::smallint, 1
    from e
    where e.session_id is null or exists (select 1 from first_time)
    on conflict (quiz_id, day, utm_source, step, question_id, shard)
    do update set visits = analytics_daily.visits + 1`);
}

/**
 * Rebuilds the roll-up of the given quizzes from the raw events (an operator's repair, and
 * how the bench fills it): the same rule as recordFunnelEvent, in one statement each.
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
  const rows = await rowsOf<{
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
  const rows = await rowsOf<{ day: string; source: string; leads: string | number }>(
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
