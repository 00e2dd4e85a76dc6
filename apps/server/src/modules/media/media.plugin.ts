import multipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { AppContext } from "../../app-context";
import type { JobQueue } from "../../jobs/queue";
import { AppError, FieldErrors } from "../../lib/app-error";
import { rejectUnsafeText } from "../../lib/unsafe-text";
import type { Storage } from "../../storage/storage";
import { isStorageKey } from "../../storage/storage-keys";
import { requireOwnedQuiz } from "../quiz-access";
import { findStoredFile, quizIdOfEntity } from "./media.repository";
import { type Attachment, createMediaService, type PendingUpload } from "./media.service";
import { MEDIA_ROUTE_PREFIX } from "./media-paths";
import { type MediaTarget, normalisePattern, targets } from "./media-targets";
import { coerceTextFields } from "./multipart-fields";
import { MAX_UPLOAD_BYTES, receiveUpload } from "./receive-upload";

interface MediaRequestState {
  target: MediaTarget;
  entityId: number;
  quizId: number;
  uploads: PendingUpload[];
  attachment?: Attachment;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Files received by the media plugin for this PATCH (null on every other request). */
    mediaState: MediaRequestState | null;
  }
  interface FastifyInstance {
    /** Upload storage and the job queue (tests inspect them; the worker builds its own). */
    media: { storage: Storage; queue: JobQueue };
  }
}

function multipartError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return new AppError("file_too_large");
  if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
    return new FieldErrors({ non_field_errors: ["invalid_value"] });
  }
  return error;
}

/**
 * Media (ADR 0006): the multipart parser app-wide, the file half of every media-owning
 * PATCH and `/media/{key}` serving. Uploads go to `storage` and video compressions to `queue`,
 * both app.ts's: the jobs that work them start in jobs/background-work.ts.
 *
 * A multipart PATCH to a route of `targets` goes: preValidation — the caller must own the
 * entity's quiz (else 404 before a byte is stored), each file part is streamed, checked and
 * stored, the text parts become `request.body` for the route's own schema and handler;
 * preHandler (body valid) — the files are attached to the entity in one transaction; onSend —
 * the route answered 2xx: video compressions are queued; it failed: the attachment is undone
 * and the new files removed. The routes' handlers never see a file.
 */
export const mediaPlugin = fp(
  async function media(
    app: FastifyInstance,
    { context, storage, queue }: { context: AppContext; storage: Storage; queue: JobQueue },
  ) {
    const { config, db, log } = context;
    const service = createMediaService({ db, storage, queue, log });
    app.decorate("media", { storage, queue });
    app.decorateRequest("mediaState", null);

    await app.register(multipart, {
      limits: {
        // One more byte than allowed, so the upload guard sees the excess and answers 413.
        fileSize: MAX_UPLOAD_BYTES + 1,
        files: 3,
        fields: 100,
        fieldSize: 1024 * 1024,
      },
    });

    app.addHook("preValidation", async (request: FastifyRequest) => {
      if (request.method !== "PATCH" || !request.isMultipart()) return;
      const target = targets.get(normalisePattern(request.routeOptions.url ?? ""));
      if (!target) return;
      if (!request.userId) throw new AppError("not_authenticated");
      const entityId = Number(Object.values((request.params ?? {}) as Record<string, string>)[0]);
      if (!Number.isSafeInteger(entityId) || entityId < 1 || entityId > 2_147_483_647) {
        throw new AppError("not_found");
      }
      const quizId = await quizIdOfEntity(db, target.entity, entityId);
      if (quizId === undefined) throw new AppError("not_found");
      await requireOwnedQuiz(db, request.userId, quizId);

      const uploads: PendingUpload[] = [];
      const fields = new Map<string, string>();
      try {
        for await (const part of request.parts()) {
          if (part.type === "file") {
            const field = target.files[part.fieldname];
            if (!field) {
              part.file.resume();
              const expected = Object.keys(target.files).join(", ");
              throw new FieldErrors({
                [part.fieldname]: [{ key: "errors:unknown_file_field", params: { expected } }],
              });
            }
            if (uploads.some((upload) => upload.field === field)) {
              part.file.resume();
              throw new FieldErrors({
                [part.fieldname]: [
                  { key: "errors:repeated_file_field", params: { field: part.fieldname } },
                ],
              });
            }
            const stored = await receiveUpload(part.file, { storage, dataDir: config.dataDir });
            uploads.push({ field, ...stored });
          } else {
            fields.set(part.fieldname, String(part.value));
          }
        }
        request.body = coerceTextFields(fields, request.routeOptions.schema?.body);
        await rejectUnsafeText(request);
      } catch (error) {
        // Read and drop the rest of the body: a client still sending a refused file would
        // otherwise wait on a connection nobody reads, and never see the answer.
        request.raw.unpipe();
        request.raw.resume();
        await service.discard(uploads.map((upload) => upload.key));
        throw multipartError(error);
      }
      request.mediaState = { target, entityId, quizId, uploads };
    });

    app.addHook("preHandler", async (request: FastifyRequest) => {
      const state = request.mediaState;
      if (!state || state.uploads.length === 0) return;
      try {
        state.attachment = await service.attach(
          request.userId,
          state.quizId,
          state.target.entity,
          state.entityId,
          state.uploads,
        );
      } catch (error) {
        await service.discard(state.uploads.map((upload) => upload.key));
        state.uploads = [];
        throw error;
      }
    });

    app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply) => {
      const state = request.mediaState;
      if (!state || state.uploads.length === 0) return;
      request.mediaState = null;
      try {
        if (!state.attachment) {
          await service.discard(state.uploads.map((upload) => upload.key));
        } else if (reply.statusCode < 400) {
          await service.committed(state.attachment);
        } else {
          await service.revert(state.attachment);
        }
      } catch (error) {
        request.log.error({ err: error }, "media clean-up after the response failed");
      }
    });

    app.get(
      `${MEDIA_ROUTE_PREFIX}*`,
      { schema: { hide: true } },
      async (request: FastifyRequest<{ Params: { "*": string } }>, reply: FastifyReply) => {
        const key = request.params["*"];
        if (!isStorageKey(key)) throw new AppError("not_found");
        const record = await findStoredFile(db, key);
        if (!record) throw new AppError("not_found");
        const range = parseRange(request.headers.range, record.size);
        if (range === "unsatisfiable") {
          return reply.status(416).header("content-range", `bytes */${record.size}`).send();
        }
        const object = await storage.open(key, range);
        if (!object) throw new AppError("not_found");
        reply
          .header("content-type", record.contentType)
          .header("cache-control", "public, max-age=31536000, immutable")
          .header("x-content-type-options", "nosniff")
          .header("content-security-policy", "default-src 'none'; sandbox")
          // A PDF (a profile's certificate or portfolio file) is downloaded, never shown
          // inline on the product's origin (docs/profile-rating.md "Files").
          .header(
            "content-disposition",
            record.contentType === "application/pdf" ? "attachment" : "inline",
          )
          // Quizzes are embedded on the owners' sites: their pages may load these files.
          .header("cross-origin-resource-policy", "cross-origin")
          .header("accept-ranges", "bytes");
        if (range) {
          reply
            .status(206)
            .header("content-range", `bytes ${range.start}-${range.end}/${record.size}`)
            .header("content-length", String(range.end - range.start + 1));
        } else {
          reply.header("content-length", String(record.size));
        }
        return reply.send(object.body);
      },
    );
  },
  { name: "media" },
);

/** A single `bytes=a-b` / `bytes=a-` / `bytes=-n` range; undefined means the whole file. */
function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "unsatisfiable" | undefined {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === "" && match[2] === "")) return undefined;
  let start: number;
  let end: number;
  if (match[1] === "") {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  if (start > end || start >= size) return "unsatisfiable";
  return { start, end };
}
