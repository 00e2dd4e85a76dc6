import { randomUUID } from "node:crypto";
import { mkdir, open, rm, stat } from "node:fs/promises";
import path from "node:path";
import { type Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AppError } from "../../lib/app-error";
import type { Storage } from "../../storage/storage";
import { newStorageKey } from "../../storage/storage-keys";
import { reencodeImage } from "./image-processing";
import { type MediaType, SNIFF_BYTES, sniffMediaType } from "./media-types";

/** The most an uploaded file may weigh (docs/api.md "Conventions": at most 100 MB). */
export const MAX_UPLOAD_BYTES = 100 * 1024 * 1024;

/** Temporary files of uploads and compressions: `DATA_DIR/tmp` (never served). */
export function tempDir(dataDir: string): string {
  return path.join(dataDir, "tmp");
}

/**
 * Counts bytes and sniffs the type from the first SNIFF_BYTES while the file streams
 * through: more than MAX_UPLOAD_BYTES → 413 `file_too_large` at that very chunk; a type we
 * do not accept → 415 `unsupported_media` as soon as the head has arrived.
 */
class UploadGuard extends Transform {
  size = 0;
  type: MediaType | undefined;
  private head: Buffer[] = [];
  private headLength = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly sniffType: (head: Uint8Array) => Promise<MediaType | undefined>,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      done(new AppError("file_too_large"));
      return;
    }
    if (this.type !== undefined) {
      done(null, chunk);
      return;
    }
    this.head.push(chunk);
    this.headLength += chunk.length;
    if (this.headLength < SNIFF_BYTES) {
      done();
      return;
    }
    this.sniffThenPass(done);
  }

  override _flush(done: TransformCallback): void {
    if (this.type !== undefined) {
      done();
      return;
    }
    this.sniffThenPass(done);
  }

  /** Sniffs the head gathered so far, then passes it on (or fails the stream). */
  private sniffThenPass(done: TransformCallback): void {
    this.sniff().then(
      () => done(null, Buffer.concat(this.takeHead())),
      (error: unknown) => done(error as Error),
    );
  }

  private takeHead(): Buffer[] {
    const head = this.head;
    this.head = [];
    return head;
  }

  private async sniff(): Promise<void> {
    const type = await this.sniffType(Buffer.concat(this.head));
    if (!type) throw new AppError("unsupported_media");
    this.type = type;
  }
}

export interface StoredUpload {
  key: string;
  type: MediaType;
  size: number;
}

/**
 * Streams one uploaded file to a temporary file (refused above `maxBytes` or when its bytes
 * are not an accepted image or video), re-encodes images, and puts the result into storage
 * under a fresh key. On any failure every temporary file is gone and nothing is stored.
 */
export async function receiveUpload(
  file: Readable,
  options: {
    storage: Storage;
    dataDir: string;
    maxBytes?: number;
    /** The types taken (default: the quiz media types, sniffMediaType). */
    sniff?: (head: Uint8Array) => Promise<MediaType | undefined>;
  },
): Promise<StoredUpload> {
  const dir = tempDir(options.dataDir);
  await mkdir(dir, { recursive: true });
  const incoming = path.join(dir, `upload-${randomUUID()}`);
  const processed = `${incoming}.out`;
  const guard = new UploadGuard(
    options.maxBytes ?? MAX_UPLOAD_BYTES,
    options.sniff ?? sniffMediaType,
  );
  // Opened before streaming, so a failure on the first chunk cannot leave a file created
  // after the clean-up below (a lazily opened write stream could).
  const handle = await open(incoming, "wx");
  try {
    await pipeline(file, guard, handle.createWriteStream());
    const type = guard.type;
    if (!type) throw new AppError("unsupported_media");
    let source = incoming;
    if (type.kind === "image") {
      try {
        await reencodeImage(incoming, processed, type);
      } catch {
        // Magic bytes of an image but no decodable image behind them.
        throw new AppError("unsupported_media");
      }
      source = processed;
    }
    const size = (await stat(source)).size;
    const key = newStorageKey(type.extension);
    await options.storage.putFile(key, source, type.contentType);
    return { key, type, size };
  } finally {
    await handle.close().catch(() => undefined);
    await rm(incoming, { force: true });
    await rm(processed, { force: true });
  }
}
