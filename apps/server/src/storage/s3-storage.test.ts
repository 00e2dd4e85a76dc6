import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type S3TestServer, startS3TestServer } from "../test-support/s3-server";
import { createS3Storage } from "./s3-storage";
import type { Storage } from "./storage";
import { newStorageKey } from "./storage-keys";

/**
 * The S3 backend against a real S3-compatible server (s3rver on 127.0.0.1), through the
 * same AWS SDK calls production makes.
 */

let s3: S3TestServer;
let storage: Storage;
const work = mkdtempSync(path.join(tmpdir(), "leadquiz-s3-storage-"));

function tempFile(bytes: Buffer): string {
  const file = path.join(work, `source-${randomBytes(6).toString("hex")}`);
  writeFileSync(file, bytes);
  return file;
}

beforeAll(async () => {
  s3 = await startS3TestServer();
  storage = createS3Storage({
    bucket: s3.bucket,
    endpoint: s3.endpoint,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  });
});
afterEach(() => s3.refuseWhen(undefined));
afterAll(async () => {
  await s3?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("S3 storage", () => {
  it("puts a small file with one PutObject, path-style, without flexible checksums", async () => {
    const bytes = randomBytes(50_000);
    const source = tempFile(bytes);
    const key = newStorageKey("png");
    const from = s3.requests.length;
    await storage.putFile(key, source, "image/png");
    const sent = s3.requests.slice(from);

    expect(existsSync(source)).toBe(false);
    expect(await s3.listKeys()).toContain(key);
    const object = await s3.getObject(key);
    expect(object.contentType).toBe("image/png");
    expect(object.bytes.equals(bytes)).toBe(true);

    expect(sent.map((request) => request.method)).toEqual(["PUT"]);
    expect(sent[0]?.url.split("?")[0]).toBe(`/${s3.bucket}/${key}`);
    expect(sent[0]?.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    for (const request of sent) {
      expect(request.headers["content-encoding"] ?? "").not.toContain("aws-chunked");
      expect(
        Object.keys(request.headers).filter((name) => name.startsWith("x-amz-checksum")),
      ).toEqual([]);
    }
  });

  it("streams a file above 8 MB as a multipart upload and reads it back whole and by range", async () => {
    const bytes = randomBytes(17 * 1024 * 1024 + 123);
    const key = newStorageKey("mp4");
    const from = s3.requests.length;
    await storage.putFile(key, tempFile(bytes), "video/mp4");

    const sent = s3.requests.slice(from);
    expect(sent.filter((request) => /[?&]partNumber=/.test(request.url))).toHaveLength(3);
    expect(s3.pendingMultipartUploads()).toEqual([]);
    expect((await s3.getObject(key)).contentType).toBe("video/mp4");

    const whole = await storage.open(key);
    expect(whole?.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of whole?.body ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);

    const start = 9 * 1024 * 1024 - 5;
    const range = await storage.open(key, { start, end: start + 9 });
    expect(range?.size).toBe(10);
    const part: Buffer[] = [];
    for await (const chunk of range?.body ?? []) part.push(chunk as Buffer);
    expect(Buffer.concat(part).equals(bytes.subarray(start, start + 10))).toBe(true);

    const copy = path.join(work, "copy.mp4");
    await storage.copyToFile(key, copy);
    expect(readFileSync(copy).equals(bytes)).toBe(true);
  }, 60_000);

  it("aborts a multipart upload whose part is refused: no object, no parts left", async () => {
    const key = newStorageKey("mp4");
    const source = tempFile(randomBytes(17 * 1024 * 1024));
    const keysBefore = await s3.listKeys();
    const from = s3.requests.length;
    s3.refuseWhen(
      (request) => request.method === "PUT" && /[?&]partNumber=2(&|$)/.test(request.url),
    );

    await expect(storage.putFile(key, source, "video/mp4")).rejects.toThrow();

    const sent = s3.requests.slice(from);
    expect(
      sent.some((request) => request.method === "POST" && /[?&]uploads/.test(request.url)),
    ).toBe(true);
    const aborts = sent.filter(
      (request) => request.method === "DELETE" && /[?&]uploadId=/.test(request.url),
    );
    expect(aborts).toHaveLength(1);
    expect(s3.pendingMultipartUploads()).toEqual([]);
    expect(await s3.listKeys()).toEqual(keysBefore);
  }, 60_000);

  it("answers undefined for a missing or malformed key and removes idempotently", async () => {
    const key = newStorageKey("png");
    expect(await storage.open(key)).toBeUndefined();
    expect(await storage.open("../../etc/passwd")).toBeUndefined();
    await expect(storage.copyToFile(key, path.join(work, "missing"))).rejects.toThrow(/missing/);

    await storage.putFile(key, tempFile(Buffer.from("short")), "image/png");
    const opened = await storage.open(key);
    if (!opened) throw new Error("the object was not found");
    expect(await text(opened.body)).toBe("short");
    await storage.remove(key);
    expect(await s3.listKeys()).not.toContain(key);
    expect(await storage.open(key)).toBeUndefined();
    await storage.remove(key);
    await storage.remove("not/a key");
  });
});
