import type { FastifyBaseLogger } from "fastify";
import type { DbOrTx } from "../../db/client";
import type { Storage } from "../../storage/storage";
import {
  forgetStoredFile,
  recordedKeys,
  referencedKeys,
  storedFilesBefore,
} from "./media-sweep.repository";

/** A file is never removed before it is this old, nor while a quiz deleted this recently holds it. */
export const MEDIA_SWEEP_WINDOW_MS = 7 * 24 * 3_600_000;

export interface MediaSweepOptions {
  db: DbOrTx;
  storage: Storage;
  log: FastifyBaseLogger;
  /** Lists what would go and removes nothing. */
  dryRun?: boolean;
  now?: Date;
  windowMs?: number;
}

export interface SweptFile {
  key: string;
  /** `recorded`: a file of `stored_files` nothing holds; `unrecorded`: in storage only. */
  kind: "recorded" | "unrecorded";
}

export interface MediaSweepReport {
  dryRun: boolean;
  removed: SweptFile[];
  /** Files old enough that something still holds. */
  kept: number;
}

/**
 * The media sweeper (docs/media.md "Sweeper"): removes a file only when no draft, no copy
 * and no published snapshot holds it and it is older than the window: the files recorded
 * in `stored_files`, and files in storage that no row records (an upload whose request
 * died between storing the file and recording it). Logs every removal; `dryRun` only
 * reports. Removing a row before its file means a failure halfway leaves an unrecorded
 * file, which the next run finds in storage.
 */
export async function sweepMedia(options: MediaSweepOptions): Promise<MediaSweepReport> {
  const { db, storage, log } = options;
  const dryRun = options.dryRun ?? false;
  const windowMs = options.windowMs ?? MEDIA_SWEEP_WINDOW_MS;
  const before = new Date((options.now ?? new Date()).getTime() - windowMs);
  const held = await referencedKeys(db, before);
  const removed: SweptFile[] = [];
  let kept = 0;

  const remove = async (file: SweptFile) => {
    removed.push(file);
    if (dryRun) {
      log.info({ key: file.key, kind: file.kind }, "media sweep (dry run): would remove");
      return;
    }
    if (file.kind === "recorded") await forgetStoredFile(db, file.key, before);
    await storage.remove(file.key);
    log.info({ key: file.key, kind: file.kind }, "media sweep: removed");
  };

  for (const file of await storedFilesBefore(db, before)) {
    if (held.has(file.key)) kept += 1;
    else await remove({ key: file.key, kind: "recorded" });
  }

  const sweptKeys = new Set(removed.map((file) => file.key));
  let batch: string[] = [];
  const sweepBatch = async () => {
    const recorded = await recordedKeys(db, batch);
    for (const key of batch) {
      if (recorded.has(key) || sweptKeys.has(key)) continue;
      if (held.has(key)) kept += 1;
      else await remove({ key, kind: "unrecorded" });
    }
    batch = [];
  };
  for await (const object of storage.list()) {
    if (object.modifiedAt.getTime() >= before.getTime()) continue;
    batch.push(object.key);
    if (batch.length >= 500) await sweepBatch();
  }
  await sweepBatch();

  log.info({ dryRun, removed: removed.length, kept }, "media sweep done");
  return { dryRun, removed, kept };
}

/** How often the process that works jobs sweeps, and how long after its start it first does. */
export const MEDIA_SWEEP_EVERY_MS = 24 * 3_600_000;
const FIRST_SWEEP_AFTER_MS = 3_600_000;

/**
 * Runs the sweeper once a day in a process that works background jobs (the web process
 * with JOBS_IN_PROCESS, or `npm run worker`); the first run comes an hour after the start.
 * Two processes sweeping at once is harmless (a removal is idempotent). Returns the stop.
 */
export function scheduleMediaSweep(
  options: Pick<MediaSweepOptions, "db" | "storage" | "log">,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      await sweepMedia(options);
    } catch (error) {
      options.log.error({ err: error }, "media sweep failed; the next run tries again");
    }
    timer = setTimeout(() => void run(), MEDIA_SWEEP_EVERY_MS).unref();
  };
  timer = setTimeout(() => void run(), FIRST_SWEEP_AFTER_MS).unref();
  return () => clearTimeout(timer);
}
