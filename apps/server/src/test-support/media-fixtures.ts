import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import type { LightMyRequestResponse } from "fastify";
import { apiCall, registerUser, type TestUser } from "./api-client";
import { createTestAppWithDatabase, type TestAppWithDatabase } from "./test-app";

/** Fixtures of the media tests: users through the real API, multipart bodies as streams. */

export type MediaUser = TestUser;

export type FilePart = {
  name: string;
  filename: string;
  contentType: string;
  /** The bytes, or a stream of them (generated on the fly: never held whole). */
  data: Buffer | Readable;
};
export type TextPart = { name: string; value: string };

/** A multipart/form-data body as a stream, with its Content-Type header. */
export function multipartBody(parts: (FilePart | TextPart)[]): {
  payload: Readable;
  contentType: string;
} {
  const boundary = `----leadquiz${randomBytes(12).toString("hex")}`;
  async function* generate() {
    for (const part of parts) {
      if ("value" in part) {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        );
        continue;
      }
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
      );
      if (Buffer.isBuffer(part.data)) yield part.data;
      else for await (const chunk of part.data) yield chunk as Buffer;
      yield Buffer.from("\r\n");
    }
    yield Buffer.from(`--${boundary}--\r\n`);
  }
  return {
    payload: Readable.from(generate(), { objectMode: false }),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** `head` followed by zeros up to `totalBytes`, in 1 MB chunks made as they are read. */
export function generatedStream(head: Buffer, totalBytes: number): Readable {
  const chunk = Buffer.alloc(1024 * 1024);
  let sent = 0;
  return new Readable({
    read() {
      if (sent === 0) {
        sent = head.length;
        this.push(head);
        return;
      }
      if (sent >= totalBytes) {
        this.push(null);
        return;
      }
      const size = Math.min(chunk.length, totalBytes - sent);
      sent += size;
      this.push(size === chunk.length ? chunk : chunk.subarray(0, size));
    },
  });
}

/** Every file below `dir` (relative paths); none when the folder does not exist. */
export function filesBelow(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/**
 * Fails with a clear message when ffmpeg is missing: the video tests must run (CI installs
 * it from Debian), never skip silently.
 */
export function requireFfmpeg(): void {
  const probe = spawnSync("ffmpeg", ["-version"], { encoding: "utf8" });
  if (probe.status !== 0) {
    throw new Error(
      "ffmpeg is required by the video tests and was not found on PATH: install it " +
        "(`apt-get install -y ffmpeg`; .ci/run does) and run the tests again",
    );
  }
}

export interface MediaHarness {
  t: TestAppWithDatabase;
  call(
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    options?: { user?: MediaUser; body?: unknown; language?: string },
  ): Promise<LightMyRequestResponse>;
  upload(
    url: string,
    user: MediaUser,
    parts: (FilePart | TextPart)[],
    language?: string,
  ): Promise<LightMyRequestResponse>;
  signUp(): Promise<MediaUser>;
  close(): Promise<void>;
}

export async function createMediaHarness(env: Record<string, string> = {}): Promise<MediaHarness> {
  const t = await createTestAppWithDatabase({ RATE_LIMIT_ENABLED: "false", ...env });
  // These tests have always called from inject's default address.
  const ip = "127.0.0.1";
  const call: MediaHarness["call"] = (method, url, options = {}) =>
    apiCall(t, method, url, { ...options, ip });
  return {
    t,
    call,
    upload(url, user, parts, language = "en") {
      const { payload, contentType } = multipartBody(parts);
      return t.app.inject({
        method: "PATCH",
        url: `/api/v1${url}`,
        headers: {
          authorization: `Bearer ${user.token}`,
          "content-type": contentType,
          "accept-language": language,
        },
        payload,
      });
    },
    signUp: () => registerUser(t, { ip }),
    close: () => t.close(),
  };
}
