import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { questions } from "../../db/schema";
import {
  createMediaHarness,
  type MediaHarness,
  type MediaUser,
  requireFfmpeg,
} from "../../test-support/media-fixtures";

interface TaskJson {
  id: number;
  entity: string;
  entity_id: number;
  field: string;
  status: string;
  progress: number;
  error: string | null;
}

const work = mkdtempSync(path.join(tmpdir(), "leadquiz-video-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A 2-second test video (MPEG-4 Part 2 + AAC in QuickTime, 640×360) made with ffmpeg. */
function makeTestVideo(): Buffer {
  requireFfmpeg();
  const file = path.join(work, "source.mov");
  const made = spawnSync(
    "ffmpeg",
    [
      ...["-hide_banner", "-loglevel", "error", "-y"],
      ...["-f", "lavfi", "-i", "testsrc=duration=2:size=640x360:rate=25"],
      ...["-f", "lavfi", "-i", "sine=frequency=440:duration=2"],
      ...["-c:v", "mpeg4", "-q:v", "2", "-c:a", "aac", "-shortest", file],
    ],
    { encoding: "utf8" },
  );
  if (made.status !== 0) throw new Error(`ffmpeg could not make the test video: ${made.stderr}`);
  return readFileSync(file);
}

/** ffprobe's view of a file: streams with codec and size, and the duration. */
function probe(bytes: Buffer) {
  const file = path.join(work, `probe-${Date.now()}.mp4`);
  writeFileSync(file, bytes);
  const result = spawnSync(
    "ffprobe",
    ["-v", "error", "-show_streams", "-show_format", "-of", "json", file],
    { encoding: "utf8" },
  );
  if (result.status !== 0)
    throw new Error(`ffprobe failed: ${result.stderr || result.error?.message}`);
  return JSON.parse(result.stdout) as {
    streams: { codec_type: string; codec_name: string; width?: number; pix_fmt?: string }[];
    format: { duration: string; format_name: string };
  };
}

async function setUp(env: Record<string, string>) {
  const h = await createMediaHarness(env);
  const owner = await h.signUp();
  const project = await h.call("POST", "/project/", { user: owner, body: { title: "P" } });
  const quiz = await h.call("POST", "/quiz/", {
    user: owner,
    body: { project: project.json().id },
  });
  expect(quiz.statusCode, quiz.body).toBe(201);
  const question = await h.call("POST", "/question/", {
    user: owner,
    body: { quiz: quiz.json().id, type: 1 },
  });
  expect(question.statusCode, question.body).toBe(201);
  return { h, owner, quizId: quiz.json().id as number, questionId: question.json().id as number };
}

async function waitForTask(h: MediaHarness, user: MediaUser, quizId: number) {
  const deadline = Date.now() + 90_000;
  const seen: TaskJson[] = [];
  for (;;) {
    const response = await h.call("GET", `/quiz/${quizId}/video-compress-tasks/`, { user });
    expect(response.statusCode).toBe(200);
    const tasks = response.json() as TaskJson[];
    const last = tasks.at(-1);
    if (last) seen.push(last);
    if (last && (last.status === "done" || last.status === "failed")) return { last, seen };
    if (Date.now() > deadline) throw new Error(`the task did not finish: ${JSON.stringify(tasks)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function questionMedia(h: MediaHarness, id: number) {
  const [row] = await h.t.database.db
    .select({ media: questions.media })
    .from(questions)
    .where(eq(questions.id, id));
  return row?.media;
}

describe("video compression with ffmpeg", () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    requireFfmpeg();
    s = await setUp({});
  });
  afterAll(async () => s?.h.close());

  it("serves the original, then switches the field to a compressed H.264/AAC MP4", async () => {
    const { h, owner, quizId, questionId } = s;
    const video = makeTestVideo();
    const uploaded = await h.upload(`/question/${questionId}/`, owner, [
      { name: "media", filename: "clip.mov", contentType: "video/quicktime", data: video },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const original = uploaded.json().media as string;
    expect(original).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{32}\.mov$/);
    const servedOriginal = await h.call("GET", original);
    expect(servedOriginal.statusCode).toBe(200);
    expect(servedOriginal.headers["content-type"]).toBe("video/quicktime");
    expect(servedOriginal.rawPayload.equals(video)).toBe(true);

    const { last, seen } = await waitForTask(h, owner, quizId);
    expect(seen[0]?.status).toMatch(/queued|running|done/);
    expect(last).toMatchObject({
      entity: "question",
      entity_id: questionId,
      field: "media",
      status: "done",
      progress: 100,
      error: null,
    });

    const compressed = await questionMedia(h, questionId);
    expect(compressed).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{32}\.mp4$/);
    expect(compressed).not.toBe(original);
    const question = await h.call("GET", `/quiz/${quizId}/question_list/`, { user: owner });
    expect(question.json()[0].media).toBe(compressed);
    const served = await h.call("GET", compressed ?? "");
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("video/mp4");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const info = probe(served.rawPayload);
    const videoStream = info.streams.find((stream) => stream.codec_type === "video");
    const audioStream = info.streams.find((stream) => stream.codec_type === "audio");
    expect(videoStream).toMatchObject({ codec_name: "h264", width: 640, pix_fmt: "yuv420p" });
    expect(audioStream?.codec_name).toBe("aac");
    expect(Number(info.format.duration)).toBeGreaterThan(1.8);
    expect(Number(info.format.duration)).toBeLessThan(2.3);
    // faststart: the index (moov) comes before the media data (mdat).
    const bytes = served.rawPayload;
    expect(bytes.indexOf("moov")).toBeGreaterThan(0);
    expect(bytes.indexOf("moov")).toBeLessThan(bytes.indexOf("mdat"));
    // The original stays stored (a copy or a published version may show it).
    expect((await h.call("GET", original)).statusCode).toBe(200);
  }, 120_000);
});

describe("video compression without ffmpeg", () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  beforeAll(async () => {
    s = await setUp({ FFMPEG_PATH: "/nonexistent/ffmpeg" });
  });
  afterAll(async () => s?.h.close());

  it("ends the task failed with the reason and keeps serving the original", async () => {
    const { h, owner, quizId, questionId } = s;
    // An MP4 made here when ffmpeg exists; else a minimal ISO-BMFF header is enough to be
    // taken for a video (the bytes are never decoded on upload).
    const video = Buffer.concat([
      Buffer.from("0000001c66747970697336000000000069736f6d69736f3261766331", "hex"),
      Buffer.alloc(6000, 1),
    ]);
    const uploaded = await h.upload(`/question/${questionId}/`, owner, [
      { name: "media", filename: "clip.mp4", contentType: "video/mp4", data: video },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const original = uploaded.json().media as string;
    expect(original).toMatch(/\.mp4$/);

    const { last } = await waitForTask(h, owner, quizId);
    expect(last.status).toBe("failed");
    expect(last.error).toContain("ffmpeg was not found");
    expect(last.error).toContain("/nonexistent/ffmpeg");
    expect(await questionMedia(h, questionId)).toBe(original);
    const served = await h.call("GET", original);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("video/mp4");
    expect(served.rawPayload.equals(video)).toBe(true);
  }, 120_000);
});
