import type { MediaEntity } from "@leadquiz/contract";
import type { FastifyBaseLogger as Logger } from "fastify";
import type { Database } from "../../db/client";
import type { JobQueue } from "../../jobs/queue";
import type { Storage } from "../../storage/storage";
import { bumpDraftVersion } from "../quiz-access";
import {
  deleteStoredFile,
  deleteVideoTask,
  insertStoredFile,
  insertVideoTask,
  readField,
  writeField,
} from "./media.repository";
import { mediaPathOf } from "./media-paths";
import type { StoredUpload } from "./receive-upload";

/** A file received for one field of one entity, not yet attached. */
export interface PendingUpload extends StoredUpload {
  field: string;
}

/** What attaching changed, so it can be undone when the entity's own PATCH fails. */
export interface Attachment {
  quizId: number;
  entity: MediaEntity;
  entityId: number;
  changes: { field: string; key: string; previous: string | null; taskId?: number | undefined }[];
}

export interface MediaServiceDeps {
  db: Database;
  storage: Storage;
  queue: JobQueue;
  log: Logger;
}

export function createMediaService({ db, storage, queue, log }: MediaServiceDeps) {
  /** Removes stored files that nothing references (a failed request's uploads). */
  async function discard(keys: string[]): Promise<void> {
    for (const key of keys) {
      try {
        await storage.remove(key);
      } catch (error) {
        log.warn({ err: error, key }, "could not remove an unused upload");
      }
    }
  }

  return {
    discard,

    /**
     * Points each field at its new file, records the files (and a compression task for each
     * video) and bumps the quiz's draft version, all in one transaction. The file a field
     * held before stays stored: a copied quiz or a published version may still show it.
     */
    async attach(
      userId: number,
      quizId: number,
      entity: MediaEntity,
      entityId: number,
      uploads: PendingUpload[],
    ): Promise<Attachment> {
      return db.transaction(async (tx) => {
        const changes: Attachment["changes"] = [];
        for (const upload of uploads) {
          const previous = await readField(tx, entity, entityId, upload.field);
          // The row went away since the ownership check (deleted meanwhile).
          if (previous === undefined) throw new Error("media target vanished");
          await writeField(tx, entity, entityId, upload.field, mediaPathOf(upload.key));
          await insertStoredFile(tx, {
            userId,
            quizId,
            entity,
            entityId,
            field: upload.field,
            storageKey: upload.key,
            contentType: upload.type.contentType,
            size: upload.size,
          });
          const taskId =
            upload.type.kind === "video"
              ? await insertVideoTask(tx, {
                  quizId,
                  entity,
                  entityId,
                  field: upload.field,
                  originalKey: upload.key,
                })
              : undefined;
          changes.push({ field: upload.field, key: upload.key, previous, taskId });
        }
        await bumpDraftVersion(tx, quizId);
        return { quizId, entity, entityId, changes };
      });
    },

    /** The entity's PATCH succeeded: queue the compressions. */
    async committed(attachment: Attachment): Promise<void> {
      for (const change of attachment.changes) {
        if (change.taskId === undefined) continue;
        try {
          await queue.sendVideoCompress(change.taskId);
        } catch (error) {
          // The task stays queued; a worker re-sends queued tasks when it starts.
          log.error({ err: error, taskId: change.taskId }, "could not queue a video compression");
        }
      }
    },

    /**
     * The entity's PATCH failed after the files were attached: put back the previous values
     * (where nothing else changed them since), drop the records and the new files.
     */
    async revert(attachment: Attachment): Promise<void> {
      const { entity, entityId, changes } = attachment;
      await db.transaction(async (tx) => {
        for (const change of changes) {
          await writeField(
            tx,
            entity,
            entityId,
            change.field,
            change.previous,
            mediaPathOf(change.key),
          );
          await deleteStoredFile(tx, change.key);
          if (change.taskId !== undefined) await deleteVideoTask(tx, change.taskId);
        }
      });
      await discard(changes.map((change) => change.key));
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
