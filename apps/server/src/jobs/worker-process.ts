import type { FastifyBaseLogger as Logger } from "fastify";
import type { AppConfig } from "../config";
import type { DatabaseHandle } from "../db/client";
import { createMailer } from "../mail/mailer";
import { resolveSecrets } from "../secrets";
import { createStorage } from "../storage/storage";
import { type BackgroundWork, startBackgroundWork } from "./background-work";
import { createJobQueue } from "./queue";

export interface WorkerProcess {
  work: BackgroundWork;
  /** Stops the jobs (the job in hand has 20 s) and the mailer; the caller closes the database. */
  close(): Promise<void>;
}

/**
 * What `npm run worker` (worker.ts) runs on an open, migrated database: the process's own
 * queue, storage and mailer, and every background job (`startBackgroundWork`).
 */
export async function startWorkerProcess(
  config: AppConfig,
  database: DatabaseHandle,
  log: Logger,
): Promise<WorkerProcess> {
  const mailer = createMailer({ config, log: log.child({ module: "mail" }) });
  const work = await startBackgroundWork({
    config,
    secrets: resolveSecrets(config),
    db: database.db,
    log,
    mailer,
    queue: createJobQueue(database, log.child({ module: "jobs" })),
    storage: createStorage(config),
  });
  return {
    work,
    async close() {
      await work.stop(20_000);
      await mailer.close();
    },
  };
}
