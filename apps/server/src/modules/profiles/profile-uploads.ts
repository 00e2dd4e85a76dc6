import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError, FieldErrors, type FieldMessage } from "../../lib/app-error";
import { rejectUnsafeText } from "../../lib/unsafe-text";
import type { Storage } from "../../storage/storage";
import { coerceTextFields } from "../media/media.plugin";
import { sniffProfileFileType } from "../media/media-types";
import { receiveUpload, type StoredUpload } from "../media/receive-upload";
import type { FileFieldRule } from "./profile-file-fields";

/** A file received and stored for one field, not yet attached to a row. */
export interface ReceivedFile extends StoredUpload {
  field: string;
}

/** The field's 400 message for a failed upload, or the error itself when it is another one. */
function fieldErrorOf(field: string, rule: FileFieldRule, error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  let message: FieldMessage | undefined;
  if (error.code === "file_too_large") {
    message = { key: "validation:file_too_large", params: { max: rule.maxMb } };
  } else if (error.code === "unsupported_media") {
    message =
      rule.rule === "image" ? "validation:file_type_image" : "validation:file_type_image_or_pdf";
  }
  return message ? new FieldErrors({ [field]: [message] }) : error;
}

/**
 * The multipart half of the profile and portfolio writes (docs/profile-rating.md "Files"):
 * a preValidation hook that streams each file part through the upload guard (type sniffed
 * from the bytes, size counted) into storage and turns the text parts into the body the
 * route's schema validates; an onSend hook that removes the stored files again when the
 * answer is not a success (a 400 of the text fields, a 404), so a refused request stores
 * nothing. A JSON request passes through untouched. The handler attaches the files with
 * `filesOf(request)` in its own transaction.
 */
export function profileUploads(
  deps: { storage: () => Storage; dataDir: string },
  fields: Record<string, FileFieldRule>,
) {
  const received = new WeakMap<FastifyRequest, ReceivedFile[]>();

  async function discard(files: readonly ReceivedFile[]): Promise<void> {
    for (const file of files)
      await deps
        .storage()
        .remove(file.key)
        .catch(() => undefined);
  }

  return {
    async preValidation(request: FastifyRequest): Promise<void> {
      if (!request.isMultipart()) return;
      const files: ReceivedFile[] = [];
      const texts = new Map<string, string>();
      try {
        for await (const part of request.parts()) {
          if (part.type !== "file") {
            texts.set(part.fieldname, String(part.value));
            continue;
          }
          const rule = fields[part.fieldname];
          if (!rule || files.some((file) => file.field === part.fieldname)) {
            part.file.resume();
            const expected = Object.keys(fields).join(", ");
            throw new FieldErrors({
              [part.fieldname]: [
                rule
                  ? { key: "errors:repeated_file_field", params: { field: part.fieldname } }
                  : { key: "errors:unknown_file_field", params: { expected } },
              ],
            });
          }
          try {
            const stored = await receiveUpload(part.file, {
              storage: deps.storage(),
              dataDir: deps.dataDir,
              maxBytes: rule.maxMb * 1024 * 1024,
              sniff: (head) => sniffProfileFileType(head, rule.rule),
            });
            files.push({ field: part.fieldname, ...stored });
          } catch (error) {
            throw fieldErrorOf(part.fieldname, rule, error);
          }
        }
        request.body = coerceTextFields(texts, request.routeOptions.schema?.body);
        await rejectUnsafeText(request);
      } catch (error) {
        await discard(files);
        const code = (error as { code?: string }).code;
        if (
          code === "FST_FILES_LIMIT" ||
          code === "FST_PARTS_LIMIT" ||
          code === "FST_FIELDS_LIMIT"
        ) {
          throw new FieldErrors({ non_field_errors: ["invalid_value"] });
        }
        throw error;
      }
      received.set(request, files);
    },

    async onSend(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const files = received.get(request);
      if (!files) return;
      received.delete(request);
      if (reply.statusCode >= 400) await discard(files);
    },

    /** The files of this request (none for JSON). */
    filesOf(request: FastifyRequest): ReceivedFile[] {
      return received.get(request) ?? [];
    },
  };
}
