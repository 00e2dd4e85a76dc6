import type { FastifyBaseLogger as Logger } from "fastify";
import type { AppConfig } from "../config";
import type { Database } from "../db/client";
import type { Mailer } from "../mail/mailer";
import { createDeliveryRunner, outgoingHttpFor, telegramBotOf } from "../modules/delivery";
import { scheduleMediaSweep } from "../modules/media";
import type { AppSecrets } from "../secrets";
import type { Storage } from "../storage/storage";
import { startLeadRetention } from "./lead-retention";
import { startProfileRating } from "./profile-rating";
import {
  type JobQueue,
  LEAD_RETENTION_CRON,
  PROFILE_RATING_CRON,
  TARIFF_REMINDERS_CRON,
} from "./queue";
import { startTariffReminders } from "./tariff-reminders";
import { createVideoCompressHandler, startWorking } from "./video-compress";

declare module "fastify" {
  interface FastifyInstance {
    /** The names of the background jobs running in this process (app.ts; tests look). */
    backgroundJobs: () => string[];
  }
}

/** What the jobs run on: the process's configuration, database, mailer, queue and storage. */
export interface BackgroundWorkDeps {
  config: AppConfig;
  secrets: AppSecrets;
  db: Database;
  log: Logger;
  mailer: Mailer;
  /** The pg-boss queue of this process (the web process also sends video jobs on it). */
  queue: JobQueue;
  storage: Storage;
}

/** How a started job stops (the queue's own stop comes after, in `BackgroundWork.stop`). */
type StopJob = () => Promise<void> | void;

export interface BackgroundJob {
  name: string;
  /** When it runs, in words (docs/ARCHITECTURE.md "Background work" lists the same). */
  schedule: string;
  /** Starts the job; answers its stop, or undefined when its configuration leaves it off. */
  start(deps: BackgroundWorkDeps): Promise<StopJob | undefined>;
}

/**
 * Every job a process that works background jobs runs (the web process with JOBS_IN_PROCESS,
 * or `npm run worker`), with its schedule, in the order they start. The cron jobs' schedules
 * are pg-boss's (jobs/queue.ts `periodicJobs`, UTC): any one process working the queue runs
 * each once.
 */
export const backgroundJobs: readonly BackgroundJob[] = [
  {
    name: "video-compress",
    schedule: "on demand: each video a media upload stores (pg-boss queue video-compress)",
    async start({ config, db, log, queue, storage }) {
      const shutdown = new AbortController();
      const handler = createVideoCompressHandler({
        db,
        storage,
        log: log.child({ module: "video-compress" }),
        ffmpegPath: config.ffmpegPath,
        dataDir: config.dataDir,
        signal: shutdown.signal,
      });
      await startWorking(queue, db, handler);
      // Stops ffmpeg: the job in hand goes back to the queue.
      return () => shutdown.abort();
    },
  },
  {
    name: "lead-delivery",
    schedule: "continuously: polls the deliveries due (docs/delivery.md)",
    async start({ config, secrets, db, log, mailer }) {
      const runner = createDeliveryRunner({
        config,
        secrets,
        db,
        log: log.child({ module: "delivery" }),
        mailer,
      });
      runner.start();
      // After the sends in hand.
      return () => runner.stop();
    },
  },
  {
    name: "telegram-bot",
    schedule:
      "continuously with TELEGRAM_BOT_TOKEN: long polling, or (https PUBLIC_URL) its webhook set once",
    async start(deps) {
      const bot = telegramBotOf(deps, outgoingHttpFor(deps.config));
      if (!bot) return undefined;
      bot.start();
      return () => bot.stop();
    },
  },
  {
    name: "lead-retention",
    schedule: `cron "${LEAD_RETENTION_CRON}" UTC (daily, docs/leads.md "Retention")`,
    async start({ db, log, queue }) {
      await startLeadRetention(queue, db, log.child({ module: "lead-retention" }));
      return () => {};
    },
  },
  {
    name: "profile-rating",
    schedule: `cron "${PROFILE_RATING_CRON}" UTC (daily, docs/profile-rating.md "Job")`,
    async start({ db, log, queue }) {
      await startProfileRating(queue, db, log.child({ module: "profile-rating" }));
      return () => {};
    },
  },
  {
    name: "tariff-reminders",
    schedule: `cron "${TARIFF_REMINDERS_CRON}" UTC (hourly, docs/money.md "Reminders")`,
    async start({ config, db, log, mailer, queue }) {
      await startTariffReminders(
        queue,
        { db, mailer, publicUrl: config.publicUrl },
        log.child({ module: "tariff-reminders" }),
      );
      return () => {};
    },
  },
  {
    name: "media-sweep",
    schedule: "daily, the first an hour after the start (a timer in each process; docs/media.md)",
    async start({ db, log, storage }) {
      return scheduleMediaSweep({ db, storage, log: log.child({ module: "media-sweep" }) });
    },
  },
];

export interface BackgroundWork {
  /** The names of the jobs running now, in the order they started. */
  running(): string[];
  /**
   * Stops every job, then the queue: the job in hand has `timeoutMs` to finish, else it goes
   * back to the queue for the next process.
   */
  stop(timeoutMs: number): Promise<void>;
}

/**
 * Starts every job of `backgroundJobs` in this process: app.ts calls it when the server is
 * ready (JOBS_IN_PROCESS), worker.ts at its start. A job that fails to start stops those
 * already started, and the error goes to the caller.
 */
export async function startBackgroundWork(
  deps: BackgroundWorkDeps,
  jobs: readonly BackgroundJob[] = backgroundJobs,
): Promise<BackgroundWork> {
  const started: { name: string; stop: StopJob }[] = [];
  const stop = async (timeoutMs: number) => {
    const stopping = started.splice(0).map(({ stop: stopJob }) => stopJob());
    await Promise.all([...stopping, deps.queue.stop({ graceful: true, timeoutMs })]);
  };
  try {
    for (const job of jobs) {
      const stopJob = await job.start(deps);
      if (stopJob) started.push({ name: job.name, stop: stopJob });
    }
  } catch (error) {
    await stop(0);
    throw error;
  }
  deps.log.info({ jobs: started.map((job) => job.name) }, "background work started");
  return { running: () => started.map((job) => job.name), stop };
}
