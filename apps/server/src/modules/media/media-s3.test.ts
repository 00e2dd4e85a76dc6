import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { questions, storedFiles } from "../../db/schema";
import {
  createMediaHarness,
  filesBelow,
  generatedStream,
  type MediaHarness,
  type MediaUser,
  requireFfmpeg,
} from "../../test-support/media-fixtures";
import { type S3TestServer, startS3TestServer } from "../../test-support/s3-server";

/**
 * Uploads, serving and video compression with S3_* set, against a real S3-compatible server
 * (s3rver on 127.0.0.1): the files live in the bucket, never under DATA_DIR/uploads.
 */

let s3: S3TestServer;
let h: MediaHarness;
let owner: MediaUser;
let quizId: number;
let questionId: number;
const work = mkdtempSync(path.join(tmpdir(), "leadquiz-media-s3-"));

const uploadsDir = () => path.join(h.t.dataDir, "uploads");
const tmpDir = () => path.join(h.t.dataDir, "tmp");
const keyOf = (mediaPath: string) => mediaPath.replace(/^\/media\//, "");

async function storedCount(): Promise<number> {
  return (await h.t.database.db.select({ id: storedFiles.id }).from(storedFiles)).length;
}

async function questionMedia(): Promise<string | null | undefined> {
  const [row] = await h.t.database.db
    .select({ media: questions.media })
    .from(questions)
    .where(eq(questions.id, questionId));
  return row?.media;
}

beforeAll(async () => {
  s3 = await startS3TestServer();
  h = await createMediaHarness(s3.env);
  expect(h.t.config.s3?.bucket).toBe(s3.bucket);
  owner = await h.signUp();
  const project = await h.call("POST", "/project/", { user: owner, body: { title: "P" } });
  expect(project.statusCode, project.body).toBe(201);
  const quiz = await h.call("POST", "/quiz/", {
    user: owner,
    body: { project: project.json().id },
  });
  expect(quiz.statusCode, quiz.body).toBe(201);
  quizId = quiz.json().id;
  const question = await h.call("POST", "/question/", {
    user: owner,
    body: { quiz: quizId, type: 1 },
  });
  expect(question.statusCode, question.body).toBe(201);
  questionId = question.json().id;
});
afterAll(async () => {
  await h?.close();
  await s3?.close();
  rmSync(work, { recursive: true, force: true });
});

describe("media on S3-compatible storage", () => {
  it("stores an uploaded image in the bucket (not on disk) and serves it with ranges", async () => {
    const keysBefore = await s3.listKeys();
    const png = await sharp({
      create: { width: 300, height: 200, channels: 3, background: { r: 10, g: 120, b: 200 } },
    })
      .png()
      .toBuffer();
    const response = await h.upload(`/question/${questionId}/`, owner, [
      { name: "media", filename: "photo.png", contentType: "image/png", data: png },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const media = response.json().media as string;
    expect(media).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{32}\.png$/);
    const key = keyOf(media);

    expect(await s3.listKeys()).toEqual([...keysBefore, key].sort());
    const object = await s3.getObject(key);
    expect(object.contentType).toBe("image/png");
    expect((await sharp(object.bytes).metadata()).width).toBe(300);
    expect(filesBelow(uploadsDir())).toEqual([]);
    expect(filesBelow(tmpDir())).toEqual([]);

    const served = await h.call("GET", media);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(object.bytes)).toBe(true);
    expect(served.headers).toMatchObject({
      "content-type": "image/png",
      "content-length": String(object.bytes.length),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
      "content-disposition": "inline",
      "cross-origin-resource-policy": "cross-origin",
      "accept-ranges": "bytes",
    });

    const partial = await h.t.app.inject({
      method: "GET",
      url: media,
      headers: { range: "bytes=8-27" },
    });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers["content-range"]).toBe(`bytes 8-27/${object.bytes.length}`);
    expect(partial.headers["content-length"]).toBe("20");
    expect(partial.rawPayload.equals(object.bytes.subarray(8, 28))).toBe(true);
    // The range was asked of S3, not cut from a whole download.
    const rangeRequest = s3.requests.findLast((request) => request.url.includes(key));
    expect(rangeRequest?.headers.range).toBe("bytes=8-27");

    const tail = await h.t.app.inject({
      method: "GET",
      url: media,
      headers: { range: "bytes=-4" },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(object.bytes.subarray(-4))).toBe(true);
    const beyond = await h.t.app.inject({
      method: "GET",
      url: media,
      headers: { range: `bytes=${object.bytes.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
  });

  it("refuses a 101 MB stream with 413 before anything reaches the bucket", async () => {
    const keysBefore = await s3.listKeys();
    const count = await storedCount();
    const before = await questionMedia();
    const from = s3.requests.length;
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#fff" } })
      .png()
      .toBuffer();
    const response = await h.upload(`/question/${questionId}/`, owner, [
      {
        name: "media",
        filename: "huge.png",
        contentType: "image/png",
        data: generatedStream(png, 101 * 1024 * 1024),
      },
    ]);
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().code).toBe("file_too_large");
    // The guard refuses while the file streams to DATA_DIR/tmp: no S3 request at all, so no
    // object and no multipart upload (nothing to abort).
    expect(s3.requests.slice(from)).toEqual([]);
    expect(s3.pendingMultipartUploads()).toEqual([]);
    expect(await s3.listKeys()).toEqual(keysBefore);
    expect(filesBelow(uploadsDir())).toEqual([]);
    expect(filesBelow(tmpDir())).toEqual([]);
    expect(await storedCount()).toBe(count);
    expect(await questionMedia()).toBe(before);
  }, 60_000);

  it("removes the uploaded object from the bucket when the PATCH fails validation", async () => {
    const keysBefore = await s3.listKeys();
    const from = s3.requests.length;
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#000" } })
      .png()
      .toBuffer();
    const response = await h.upload(`/question/${questionId}/`, owner, [
      { name: "required", value: "maybe" },
      { name: "media", filename: "a.png", contentType: "image/png", data: png },
    ]);
    expect(response.statusCode, response.body).toBe(400);
    expect(await s3.listKeys()).toEqual(keysBefore);
    const sent = s3.requests.slice(from);
    // Stored (one PutObject), then deleted once the route's schema refused the body.
    expect(sent.map((request) => request.method).filter((method) => method !== "GET")).toEqual([
      "PUT",
      "DELETE",
    ]);
  });

  it("compresses a video: the job reads the original from S3 and stores the MP4 there", async () => {
    requireFfmpeg();
    const source = path.join(work, "source.mov");
    const made = spawnSync(
      "ffmpeg",
      [
        ...["-hide_banner", "-loglevel", "error", "-y"],
        ...["-f", "lavfi", "-i", "testsrc=duration=2:size=640x360:rate=25"],
        ...["-f", "lavfi", "-i", "sine=frequency=440:duration=2"],
        ...["-c:v", "mpeg4", "-q:v", "2", "-c:a", "aac", "-shortest", source],
      ],
      { encoding: "utf8" },
    );
    expect(made.status, made.stderr).toBe(0);
    const video = readFileSync(source);

    const uploaded = await h.upload(`/question/${questionId}/`, owner, [
      { name: "media", filename: "clip.mov", contentType: "video/quicktime", data: video },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const original = uploaded.json().media as string;
    expect(original).toMatch(/\.mov$/);
    const originalObject = await s3.getObject(keyOf(original));
    expect(originalObject.contentType).toBe("video/quicktime");
    expect(originalObject.bytes.equals(video)).toBe(true);

    const deadline = Date.now() + 90_000;
    let task: { status: string; progress: number; error: string | null } | undefined;
    for (;;) {
      const tasks = await h.call("GET", `/quiz/${quizId}/video-compress-tasks/`, { user: owner });
      task = tasks.json().at(-1);
      if (task?.status === "done" || task?.status === "failed") break;
      if (Date.now() > deadline) throw new Error(`the task did not finish: ${tasks.body}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(task).toMatchObject({ status: "done", progress: 100, error: null });

    // The worker downloaded the original from the bucket…
    expect(
      s3.requests.some(
        (request) =>
          request.method === "GET" && request.url.split("?")[0]?.endsWith(keyOf(original)),
      ),
    ).toBe(true);
    // …and stored the compressed MP4 there; the field now shows it.
    const compressed = await questionMedia();
    expect(compressed).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{32}\.mp4$/);
    const keys = await s3.listKeys();
    expect(keys).toContain(keyOf(compressed ?? ""));
    expect(keys).toContain(keyOf(original));
    const compressedObject = await s3.getObject(keyOf(compressed ?? ""));
    expect(compressedObject.contentType).toBe("video/mp4");

    const served = await h.call("GET", compressed ?? "");
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("video/mp4");
    expect(served.rawPayload.equals(compressedObject.bytes)).toBe(true);
    const probed = path.join(work, "served.mp4");
    writeFileSync(probed, served.rawPayload);
    const probe = spawnSync(
      "ffprobe",
      ["-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", probed],
      { encoding: "utf8" },
    );
    expect(probe.status, probe.stderr).toBe(0);
    expect(probe.stdout.split("\n").filter(Boolean).sort()).toEqual(["aac", "h264"]);

    expect(filesBelow(uploadsDir())).toEqual([]);
    expect(filesBelow(tmpDir())).toEqual([]);
  }, 120_000);
});
