import type { FastifyBaseLogger as Logger } from "fastify";
import PgBoss from "pg-boss";
import type { DatabaseHandle } from "../db/client";

/** The queue of video compressions (job data: `{taskId}`). */
export const VIDEO_COMPRESS_QUEUE = "video-compress";

export interface VideoCompressJob {
  taskId: number;
}

export type VideoCompressHandler = (job: VideoCompressJob) => Promise<void>;

/**
 * The daily lead retention run (docs/leads.md "Retention"), created by pg-boss's cron at
 * 03:20 UTC; pg-boss sends one job per tick whatever the number of processes scheduling.
 */
export const LEAD_RETENTION_QUEUE = "lead-retention";
export const LEAD_RETENTION_CRON = "20 3 * * *";

/** The hourly run of the tariff-ending reminders (docs/money.md "Reminders"). */
export const TARIFF_REMINDERS_QUEUE = "tariff-reminders";
export const TARIFF_REMINDERS_CRON = "7 * * * *";

/** The daily recomputation of the specialist rating scores (docs/profile-rating.md "Job"). */
export const PROFILE_RATING_QUEUE = "profile-rating";
export const PROFILE_RATING_CRON = "40 2 * * *";

/** The jobs pg-boss's cron sends on a schedule, with their schedule (UTC). */
const periodicJobs = {
  [LEAD_RETENTION_QUEUE]: { cron: LEAD_RETENTION_CRON, expireInSeconds: 60 * 60 },
  [TARIFF_REMINDERS_QUEUE]: { cron: TARIFF_REMINDERS_CRON, expireInSeconds: 15 * 60 },
  [PROFILE_RATING_QUEUE]: { cron: PROFILE_RATING_CRON, expireInSeconds: 60 * 60 },
} as const;
export type PeriodicJob = keyof typeof periodicJobs;

/**
 * The durable job queue: pg-boss 10 in the schema `pgboss` of the application's own database
 * (PostgreSQL, or PGlite through the adapter below). Jobs survive restarts; a job whose
 * worker died is retried after it expires. `work` is called only by a process that works
 * jobs (the web process when JOBS_IN_PROCESS=true, and `npm run worker`).
 */
export interface JobQueue {
  /** Creates the queue's schema if needed and connects; idempotent. */
  start(): Promise<void>;
  sendVideoCompress(taskId: number): Promise<void>;
  /** Starts working the video queue in this process, one job at a time. */
  work(handler: VideoCompressHandler): Promise<void>;
  /** Starts working the runs of a periodic job in this process, one at a time. */
  workPeriodic(job: PeriodicJob, handler: () => Promise<void>): Promise<void>;
  /** Sends a run of a periodic job now (operators, tests). */
  sendPeriodic(job: PeriodicJob): Promise<void>;
  /** Stops polling; with `graceful`, waits up to `timeoutMs` for the job in hand. */
  stop(options?: { graceful?: boolean; timeoutMs?: number }): Promise<void>;
}

interface SqlClient {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  exec?(text: string): Promise<{ rows: unknown[] }[]>;
}

/**
 * pg-boss speaks to the database through `executeSql`. The drizzle client underneath is a
 * node-postgres Pool (PostgreSQL) or a PGlite instance; PGlite's `query` takes one statement
 * with parameters, so pg-boss's parameterless multi-statement scripts (schema creation,
 * maintenance) go through its `exec`. PGlite runs one query or transaction at a time, so
 * pg-boss's statements never land inside a request's transaction.
 */
function bossDatabase(database: DatabaseHandle): PgBoss.Db {
  const client = (database.db as unknown as { $client: SqlClient }).$client;
  return {
    async executeSql(text, values) {
      if (database.kind === "pglite" && client.exec && (!values || values.length === 0)) {
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      }
      const result = await client.query(text, values);
      return { rows: result.rows };
    },
  };
}

export function createJobQueue(database: DatabaseHandle, log: Logger): JobQueue {
  const boss = new PgBoss({
    db: bossDatabase(database),
    schema: "pgboss",
    // The cron of the periodic jobs (periodicJobs); each process checks it every 30 s.
    schedule: true,
    // Completed jobs are kept a week for inspection, then dropped (the task rows stay).
    deleteAfterDays: 7,
  });
  boss.on("error", (error) => log.error({ err: error }, "job queue error"));
  let started: Promise<void> | undefined;
  let stopped = false;

  const start = () => {
    started ??= (async () => {
      await boss.start();
      await boss.createQueue(VIDEO_COMPRESS_QUEUE, {
        name: VIDEO_COMPRESS_QUEUE,
        // A compression of a long video takes a while; a dead worker's job comes back after this.
        expireInSeconds: 2 * 60 * 60,
        retryLimit: 2,
        retryDelay: 30,
      });
      for (const [name, { cron, expireInSeconds }] of Object.entries(periodicJobs)) {
        await boss.createQueue(name, { name, expireInSeconds, retryLimit: 3, retryDelay: 5 * 60 });
        await boss.schedule(name, cron, {}, { tz: "UTC" });
      }
    })();
    return started;
  };

  return {
    start,
    async sendVideoCompress(taskId) {
      await start();
      await boss.send(VIDEO_COMPRESS_QUEUE, { taskId } satisfies VideoCompressJob);
    },
    async work(handler) {
      await start();
      await boss.work<VideoCompressJob>(
        VIDEO_COMPRESS_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: 1 },
        async ([job]) => {
          if (job) await handler(job.data);
        },
      );
    },
    async workPeriodic(job, handler) {
      await start();
      await boss.work(job, { batchSize: 1, pollingIntervalSeconds: 30 }, () => handler());
    },
    async sendPeriodic(job) {
      await start();
      await boss.send(job, {});
    },
    async stop(options = {}) {
      if (!started || stopped) return;
      stopped = true;
      await started.catch(() => undefined);
      await boss.stop({
        graceful: options.graceful ?? false,
        timeout: options.timeoutMs ?? 30_000,
        wait: true,
        close: false,
      });
    },
  };
}
