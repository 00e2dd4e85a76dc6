import { mkdir, mkdtemp, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { Database } from "../db/client";
import {
  claimVideoTask,
  finishVideoTask,
  insertStoredFile,
  mediaPathOf,
  queuedVideoTaskIds,
  quizOwnerId,
  requeueVideoTask,
  setVideoTaskProgress,
  tempDir,
  writeField,
} from "../modules/media";
import { bumpDraftVersion } from "../modules/quiz-access";
import type { Storage } from "../storage/storage";
import { newStorageKey } from "../storage/storage-keys";
import { compressVideo, FfmpegError } from "./ffmpeg";
import type { JobQueue, VideoCompressHandler } from "./queue";

export interface VideoCompressDeps {
  db: Database;
  storage: Storage;
  log: Logger;
  ffmpegPath: string;
  dataDir: string;
  /** Aborted when the process shuts down: ffmpeg is killed and the job comes back later. */
  signal?: AbortSignal;
}

/** At most one progress write per this many milliseconds (ffmpeg reports twice a second). */
const PROGRESS_WRITE_MS = 1000;

/**
 * Works one `video-compress` job: copies the original to a temporary folder, compresses it
 * with ffmpeg (progress written to the task), stores the MP4 under a new key and, in one
 * transaction, marks the task done and points the field at the compressed file — only if
 * the field still shows the original (the owner may have replaced or removed it meanwhile).
 * A failure (no ffmpeg, not a decodable video) ends the task `failed` with the reason; the
 * original stays in the field and is served. An interrupted run (shutdown) is thrown back to
 * the queue, which retries it.
 */
export function createVideoCompressHandler(deps: VideoCompressDeps): VideoCompressHandler {
  const { db, storage, log } = deps;
  return async ({ taskId }) => {
    const task = await claimVideoTask(db, taskId);
    if (!task) return; // done, failed, deleted, or in another worker's hands
    const workDir = await mkdtemp(path.join(await ensureTemp(deps.dataDir), "video-"));
    let lastWrite = 0;
    let progressWrite: Promise<void> = Promise.resolve();
    try {
      const input = path.join(workDir, `input.${task.originalKey.split(".").pop() ?? "mp4"}`);
      const output = path.join(workDir, "output.mp4");
      await storage.copyToFile(task.originalKey, input);
      await compressVideo({
        ffmpegPath: deps.ffmpegPath,
        inputPath: input,
        outputPath: output,
        signal: deps.signal,
        onProgress(percent) {
          const now = Date.now();
          if (now - lastWrite < PROGRESS_WRITE_MS) return;
          lastWrite = now;
          progressWrite = progressWrite
            .then(() => setVideoTaskProgress(db, taskId, percent))
            .catch((error: unknown) => log.warn({ err: error, taskId }, "progress not written"));
        },
      });
      await progressWrite;
      const size = (await stat(output)).size;
      const key = newStorageKey("mp4");
      await storage.putFile(key, output, "video/mp4");
      const userId = await quizOwnerId(db, task.quizId);
      await db.transaction(async (tx) => {
        if (userId !== undefined) {
          await insertStoredFile(tx, {
            userId,
            quizId: task.quizId,
            entity: task.entity,
            entityId: task.entityId,
            field: task.field,
            storageKey: key,
            contentType: "video/mp4",
            size,
          });
        }
        await finishVideoTask(tx, taskId, { status: "done", compressedKey: key });
        const switched = await writeField(
          tx,
          task.entity,
          task.entityId,
          task.field,
          mediaPathOf(key),
          mediaPathOf(task.originalKey),
        );
        if (switched) await bumpDraftVersion(tx, task.quizId);
      });
      log.info({ taskId, key }, "video compressed");
    } catch (error) {
      await progressWrite;
      if (deps.signal?.aborted) {
        // Back to the queue: the retry (or another worker) claims it again.
        await requeueVideoTask(db, taskId);
        throw error;
      }
      const reason =
        error instanceof FfmpegError
          ? error.message
          : `compression failed: ${error instanceof Error ? error.message : String(error)}`;
      log.warn({ err: error, taskId }, "video compression failed");
      await finishVideoTask(db, taskId, { status: "failed", error: reason });
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  };
}

async function ensureTemp(dataDir: string): Promise<string> {
  const dir = tempDir(dataDir);
  await mkdir(dir, { recursive: true });
  return dir;
}

/** Starts working jobs, after re-sending tasks left queued (their job may have been lost). */
export async function startWorking(
  queue: JobQueue,
  db: Database,
  handler: VideoCompressHandler,
): Promise<void> {
  await queue.work(handler);
  for (const taskId of await queuedVideoTaskIds(db)) await queue.sendVideoCompress(taskId);
}
