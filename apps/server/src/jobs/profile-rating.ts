import type { FastifyBaseLogger as Logger } from "fastify";
import type { Database } from "../db/client";
import { createProfilesService } from "../modules/profiles";
import { type JobQueue, PROFILE_RATING_QUEUE } from "./queue";

/**
 * Works the daily rating run (docs/profile-rating.md "Job") in this process: every profile's
 * score is recomputed from what the product knows now. Idempotent; a failed run is retried
 * by pg-boss and the next day's run repeats it anyway.
 */
export async function startProfileRating(
  queue: JobQueue,
  db: Database,
  log: Logger,
): Promise<void> {
  const profiles = createProfilesService({ db });
  await queue.workPeriodic(PROFILE_RATING_QUEUE, async () => {
    const run = await profiles.recomputeAll();
    log.info(run, "profile rating run");
  });
}
