import type { Readable } from "node:stream";

/** An inclusive byte range, as in `Range: bytes=start-end`. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A stored object as read back for serving. */
export interface StoredObject {
  body: Readable;
  size: number;
}

/**
 * Where uploaded files live: local disk under `DATA_DIR/uploads` (default) or an
 * S3-compatible bucket (`S3_*`). Keys are produced by media-keys.ts (`ab/<32 hex>.<ext>`),
 * never taken from a request. Every call streams; nothing buffers a whole file.
 */
export interface Storage {
  readonly kind: "local" | "s3";
  /** Moves (local) or streams (S3) the finished temporary file `sourcePath` to `key`. */
  putFile(key: string, sourcePath: string, contentType: string): Promise<void>;
  /**
   * Opens `key` for reading, whole or the inclusive byte range `range`; undefined when it
   * does not exist.
   */
  open(key: string, range?: ByteRange): Promise<StoredObject | undefined>;
  /** Copies `key` into the local file `destinationPath` (ffmpeg reads files). */
  copyToFile(key: string, destinationPath: string): Promise<void>;
  /** Removes `key`; a missing key is not an error. */
  remove(key: string): Promise<void>;
  /** Every stored key with when it was written (the media sweeper's walk); other names skipped. */
  list(): AsyncIterable<ListedObject>;
}

/** A key found in storage, with the time it was last written. */
export interface ListedObject {
  key: string;
  modifiedAt: Date;
}
