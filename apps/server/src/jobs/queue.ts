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
  /** Starts working the daily lead retention runs in this process. */
  workLeadRetention(handler: () => Promise<void>): Promise<void>;
  /** Sends a lead retention run now (operators, tests). */
  sendLeadRetention(): Promise<void>;
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
    // The cron of the daily jobs (lead retention); each process checks it every 30 s.
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
      await boss.createQueue(LEAD_RETENTION_QUEUE, {
        name: LEAD_RETENTION_QUEUE,
        expireInSeconds: 60 * 60,
        retryLimit: 3,
        retryDelay: 5 * 60,
      });
      await boss.schedule(LEAD_RETENTION_QUEUE, LEAD_RETENTION_CRON, {}, { tz: "UTC" });
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
    async workLeadRetention(handler) {
      await start();
      await boss.work(LEAD_RETENTION_QUEUE, { batchSize: 1, pollingIntervalSeconds: 30 }, () =>
        handler(),
      );
    },
    async sendLeadRetention() {
      await start();
      await boss.send(LEAD_RETENTION_QUEUE, {});
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
