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
    schedule: false,
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
