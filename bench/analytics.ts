import { API_PREFIX } from "@leadquiz/contract";
import { apiPaths } from "../apps/server/src/test-support/api-paths";
import { type LoadResult, type LoadSettings, postLoad } from "./load";
import {
  checkIndexes,
  type DroppedIndexes,
  dropIndexes,
  rebuildJobs,
  runJobs,
  type SeedingConnection,
  type SeedingJob,
  skipForeignKeyChecks,
  withSeedingConnections,
} from "./seeding";
import { TARGETS } from "./summary";
import { type BenchDatabase, log, type OwnerSession, step } from "./support";

/**
 * Funnel analytics at scale (docs/analytics.md): the typical quiz's project gets 9 more
 * quizzes, then raw events are generated with SQL (`generate_series`, 10 events a visitor
 * session: view, start, 4 questions reached, 2 answered, contacts, result; one session in
 * 50 leaves a lead; sessions spread
 * over 90 days and 8 UTM sources) and the roll-up is built from them with the same rule
 * the server applies per event. Timed over HTTP, one call after another: the 30-day report
 * of one quiz and of the project. Ingest: autocannon POSTs `events/` (each a view with an
 * unknown session, so every request is one raw row plus an upsert of the same hot roll-up
 * row, the worst case).
 */

export interface Timing {
  runs: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface AnalyticsBenchResults {
  events: number;
  sessions: number;
  quizzes: number;
  rollupRows: number;
  seedSeconds: number;
  rollupSeconds: number;
  quizReport: Timing;
  projectReport: Timing;
  ingest: LoadResult;
}

const RUNS = 200;
const WARMUP = 20;
const EVENTS_PER_SESSION = 10;

const round = (ms: number) => Math.round(ms * 100) / 100;
function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

async function timed(call: () => Promise<void>): Promise<Timing> {
  for (let i = 0; i < WARMUP; i += 1) await call();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    runs: RUNS,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    max: round(times.at(-1) ?? Number.NaN),
  };
}

/**
 * The raw rows: sessions 1..`sessions` of the quizzes, each with its 10 events, and a lead
 * for one session in 50. Every value is a function of the session's number `g` and of
 * `base` (the time of the seeding), so the events need not read their session back.
 * Two connections share the events; foreign-key checks are skipped for the sessions and
 * events (valid by construction: bench/seeding.ts), never for the leads (their triggers
 * keep the lead counts and export rows).
 */
async function seedRawRows(
  connections: SeedingConnection[],
  quizIds: number[],
  sessions: number,
  base: string,
) {
  const ids = `array[${quizIds.join(",")}]::int[]`;
  const quizOf = (g: string) => `(${ids})[1 + ${g} % ${quizIds.length}]`;
  const createdAt = (g: string) =>
    `$3::timestamptz - ((${g} % 90) * interval '1 day') - ((${g} % 86000) * interval '1 second')`;
  // Steps: 1 view, 2 start, 3-6 reach q1..q4, 7-8 answer q1..q2, 9 contacts, 10 result.
  const events = (db: SeedingConnection, from: number, to: number) =>
    step(`analytics: insert the events of sessions ${from}..${to}`, () =>
      db.query(
        `insert into quiz_events (quiz_id, session_id, type, question_id, created_at)
         select ${quizOf("g")}, md5('s' || g)::uuid,
           (array['view','start','reach','reach','reach','reach','answer','answer','contacts','result'])[k],
           case when k between 3 and 6 then k - 2 when k between 7 and 8 then k - 6 end,
           ${createdAt("g")} + k * interval '5 seconds'
         from generate_series($1::int, $2::int) g
         cross join generate_series(1, ${EVENTS_PER_SESSION}) k`,
        [from, to, base],
      ),
    );
  // The first connection also inserts the sessions: it takes fewer events.
  const split = Math.floor(sessions * 0.4);
  const [first, second] = connections;
  if (!first || !second) throw new Error("two seeding connections expected");
  await Promise.all([
    (async () => {
      const checks = await skipForeignKeyChecks(first, ["visitor_sessions", "quiz_events"]);
      await step("analytics: insert sessions", () =>
        first.query(
          `insert into visitor_sessions (id, quiz_id, utm, created_at)
           select md5('s' || g)::uuid, ${quizOf("g")},
             case when g % 8 = 0 then '{}'::jsonb
               else jsonb_build_object('utm_source', 'source' || (g % 8)) end,
             ${createdAt("g")}
           from generate_series($1::int, $2::int) g`,
          [1, sessions, base],
        ),
      );
      await events(first, 1, split);
      await checks.restore();
      // One visit in 50 leaves a lead (read by the reports from the leads table).
      await step("analytics: insert leads", () =>
        first.query(
          `insert into leads (submission_id, session_id, quiz_id, project_id, user_id,
             publication_version, utm, created_at)
           select gen_random_uuid(), s.id, s.quiz_id, q.project_id, q.user_id, 1, s.utm,
             s.created_at + interval '60 seconds'
           from generate_series(50, $1::int, 50) g
           join visitor_sessions s on s.id = md5('s' || g)::uuid
           join quizzes q on q.id = s.quiz_id
           order by g`,
          [sessions],
        ),
      );
    })(),
    (async () => {
      const checks = await skipForeignKeyChecks(second, ["quiz_events"]);
      await events(second, split + 1, sessions);
      await checks.restore();
    })(),
  ]);
}

/**
 * The roll-up of the generated events (ids above `after`), with the rule of
 * recordFunnelEvents in bulk, and the raw tables' indexes built again, shared over the
 * connections. The events stored before (earlier parts' page loads) were rolled up by the
 * server as they came: their steps are in the table already, and without its primary key
 * during the insert `on conflict do nothing` would not see them.
 */
async function buildRollup(connections: SeedingConnection[], raw: DroppedIndexes, after: number) {
  const [first] = connections;
  if (!first) throw new Error("no seeding connection");
  const steps = await dropIndexes(first, ["analytics_session_steps"]);
  const jobs: SeedingJob[] = [
    {
      // One step per session (the generated sessions have each step once, so the
      // session-steps table gets one row per event).
      name: "session steps and their primary key",
      run: async (db) => {
        const checks = await skipForeignKeyChecks(db, ["analytics_session_steps"]);
        await db.query(
          `insert into analytics_session_steps (session_id, step, question_id)
           select session_id, type, coalesce(question_id, 0) from quiz_events
           where id > $1 and session_id is not null on conflict do nothing`,
          [after],
        );
        await checks.restore();
        for (const job of rebuildJobs(steps)) await job.run(db);
      },
    },
    // The longest build (10 million rows sorted by quiz, type and time) early.
    ...rebuildJobs(raw).filter((job) => job.name.includes("quiz_events_quiz_idx")),
    {
      name: "daily roll-up",
      run: async (db) => {
        await db.query(
          `insert into analytics_daily (quiz_id, day, utm_source, step, question_id, shard, visits)
           select e.quiz_id, (e.created_at at time zone 'UTC')::date,
             coalesce(s.utm ->> 'utm_source', ''), e.type, coalesce(e.question_id, 0), 0, count(*)
           from quiz_events e join visitor_sessions s on s.id = e.session_id
           where e.id > $1
           group by 1, 2, 3, 4, 5
           on conflict (quiz_id, day, utm_source, step, question_id, shard)
           do update set visits = analytics_daily.visits + excluded.visits`,
          [after],
        );
      },
    },
    ...rebuildJobs(raw).filter((job) => !job.name.includes("quiz_events_quiz_idx")),
  ];
  await runJobs(connections, jobs);
  await checkIndexes(first, raw);
  await checkIndexes(first, steps);
  await step("analytics: analyze", () => first.query("analyze"));
}

export async function measureAnalytics(options: {
  base: string;
  /** Renewed before the reports are timed (generating the events outlives a token). */
  session: OwnerSession;
  quizId: number;
  database: BenchDatabase;
  events: number;
  load: LoadSettings;
  publicKey: string;
}): Promise<AnalyticsBenchResults> {
  const { base, session, database: db } = options;
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}${API_PREFIX}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${session.token()}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const quiz = await call("GET", apiPaths.quizById(options.quizId));
  const projectId = Number(quiz.project);
  const quizIds = [options.quizId];
  for (let i = 1; i < 10; i += 1) {
    const made = await call("POST", apiPaths.quizzes, { project: projectId, title: `Quiz ${i}` });
    quizIds.push(Number(made.id));
  }
  const sessions = Math.ceil(options.events / EVENTS_PER_SESSION);
  log(`analytics: generating ${sessions * EVENTS_PER_SESSION} events (${sessions} sessions)`);
  const [{ now } = { now: "" }] = await db.query<{ now: string }>("select now()::text as now");
  const { seedSeconds, rollupSeconds } = await withSeedingConnections(
    db.url,
    2,
    async (connections) => {
      const [first] = connections;
      if (!first) throw new Error("no seeding connection");
      const seedStart = performance.now();
      const [{ last } = { last: 0 }] = await first.query<{ last: number }>(
        "select coalesce(max(id), 0)::int as last from quiz_events",
      );
      const raw = await dropIndexes(first, ["visitor_sessions", "quiz_events"]);
      await seedRawRows(connections, quizIds, sessions, now);
      const rollupStart = performance.now();
      log("analytics: building the roll-up from the raw events, and the raw tables' indexes");
      await buildRollup(connections, raw, last);
      return {
        seedSeconds: (rollupStart - seedStart) / 1000,
        rollupSeconds: (performance.now() - rollupStart) / 1000,
      };
    },
  );
  const [rows] = await db.query<{ n: string }>("select count(*) as n from analytics_daily");
  const [events] = await db.query<{ n: string }>("select count(*) as n from quiz_events");

  log("analytics: timing the 30-day reports");
  await session.renew();
  const quizReport = await step("analytics: timed quiz report", () =>
    timed(async () => {
      await call("GET", apiPaths.quizAnalytics(options.quizId));
    }),
  );
  const projectReport = await step("analytics: timed project report", () =>
    timed(async () => {
      await call("GET", apiPaths.projectAnalytics(projectId));
    }),
  );

  log("analytics: event ingest under load");
  const ingest = await step("analytics: ingest load", () =>
    postLoad(
      "events",
      `${base}${API_PREFIX}${apiPaths.publicQuizEvents(options.publicKey)}`,
      (uuid) => JSON.stringify({ session: uuid, type: "view" }),
      options.load,
    ),
  );
  return {
    events: Number(events?.n ?? 0),
    sessions,
    quizzes: quizIds.length,
    rollupRows: Number(rows?.n ?? 0),
    seedSeconds: Math.round(seedSeconds * 10) / 10,
    rollupSeconds: Math.round(rollupSeconds * 10) / 10,
    quizReport,
    projectReport,
    ingest,
  };
}

export function renderAnalytics(r: AnalyticsBenchResults, cpus: number): string[] {
  const row = (name: string, t: Timing, aim: string) =>
    `| ${name} | ${t.p50} | **${t.p95}** | ${t.p99} | ${t.max} | ${aim} |`;
  return [
    "## Funnel analytics on PostgreSQL",
    "",
    `${r.events.toLocaleString("en")} raw events (${r.sessions.toLocaleString("en")} sessions, ` +
      `${r.quizzes} quizzes of one project, 90 days, 8 sources), generated in ${r.seedSeconds} s; ` +
      `roll-up built in ${r.rollupSeconds} s (${r.rollupRows.toLocaleString("en")} rows). ` +
      `Each report ${r.quizReport.runs} times over HTTP on loopback; ${cpus} cores shared.`,
    "",
    "| 30-day report | p50 ms | p95 ms | p99 ms | max ms | aim |",
    "|---|---:|---:|---:|---:|---|",
    row("quiz", r.quizReport, `p95 ≤ ${TARGETS.analyticsQuizP95.limit} ms`),
    row("project (10 quizzes)", r.projectReport, `≤ ${TARGETS.analyticsProjectP95.limit} ms`),
    "",
    `Ingest (POST events/, autocannon): **${Math.round(r.ingest.okPerSecond)} events/s** ` +
      `(p50 ${r.ingest.latencyMs.p50} ms, p99 ${r.ingest.latencyMs.p99} ms, ` +
      `${r.ingest.non2xx} non-2xx); aim ≥ ${TARGETS.eventIngest.limit.toLocaleString("en-US")}/s.`,
    "",
  ];
}
