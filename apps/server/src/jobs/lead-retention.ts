import type { FastifyBaseLogger as Logger } from "fastify";
import type { Database } from "../db/client";
import { createLeadRetentionService } from "../modules/leads";
import { type JobQueue, LEAD_RETENTION_QUEUE } from "./queue";

/**
 * Works the daily lead retention job (docs/leads.md "Retention") in this process: each run
 * erases, in batches, the leads older than their account's retention. A failed run is
 * retried by pg-boss; a run that stopped half-way is finished by the next (idempotent).
 */
export async function startLeadRetention(
  queue: JobQueue,
  db: Database,
  log: Logger,
): Promise<void> {
  const retention = createLeadRetentionService({ db });
  await queue.workPeriodic(LEAD_RETENTION_QUEUE, async () => {
    const run = await retention.run();
    log.info(run, "lead retention run");
  });
}
