import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { questions, quizzes, storedFiles } from "../../db/schema";
import {
  createMediaHarness,
  filesBelow,
  generatedStream,
  type MediaHarness,
  type MediaUser,
} from "../../test-support/media-fixtures";
import { listenAsOwnerApp, TEST_VISITOR_URL } from "../../test-support/test-app";
import { MAX_IMAGE_SIDE } from "./image-processing";

let h: MediaHarness;
let owner: MediaUser;
let stranger: MediaUser;
let quizId: number;
let questionId: number;

const uploadsDir = () => path.join(h.t.dataDir, "uploads");
const tmpDir = () => path.join(h.t.dataDir, "tmp");
const db = () => h.t.database.db;

async function storedCount(): Promise<number> {
  return (await db().select({ id: storedFiles.id }).from(storedFiles)).length;
}

async function questionMedia(id = questionId): Promise<string | null | undefined> {
  const [row] = await db()
    .select({ media: questions.media })
    .from(questions)
    .where(eq(questions.id, id));
  return row?.media;
}

/** A PNG of `width`×`height` with EXIF metadata (which must not survive). */
async function makePng(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 30, b: 90 } },
  })
    .png()
    .withExif({ IFD0: { Copyright: "secret-owner", Artist: "someone" } })
    .toBuffer();
}

beforeAll(async () => {
  h = await createMediaHarness();
  owner = await h.signUp();
  stranger = await h.signUp();
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
afterAll(async () => h.close());

describe("image uploads", () => {
  it("stores a re-encoded, resized PNG without metadata and serves it with hardened headers", async () => {
    const [before] = await db()
      .select({ v: quizzes.draftVersion })
      .from(quizzes)
      .where(eq(quizzes.id, quizId));
    const png = await makePng(3000, 1000);
    const response = await h.upload(`/question/${questionId}/`, owner, [
      { name: "title", value: "With a picture" },
      { name: "required", value: "true" },
      { name: "media", filename: "photo.png", contentType: "image/png", data: png },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.title).toBe("With a picture");
    expect(body.required).toBe(true);
    expect(body.media).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{32}\.png$/);
    expect(await questionMedia()).toBe(body.media);
    const [after] = await db()
      .select({ v: quizzes.draftVersion })
      .from(quizzes)
      .where(eq(quizzes.id, quizId));
    expect(after?.v).toBeGreaterThan(before?.v ?? 0);

    const served = await h.call("GET", body.media);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(served.headers["content-disposition"]).toBe("inline");
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.format).toBe("png");
    expect(meta.width).toBe(MAX_IMAGE_SIDE);
    expect(meta.height).toBe(Math.round((1000 * MAX_IMAGE_SIDE) / 3000));
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from("secret-owner"))).toBe(false);
    expect(filesBelow(tmpDir())).toEqual([]);

    const partial = await h.t.app.inject({
      method: "GET",
      url: body.media,
      headers: { range: "bytes=0-9" },
    });
    expect(partial.statusCode).toBe(206);
    expect(partial.rawPayload).toEqual(served.rawPayload.subarray(0, 10));
    expect(partial.headers["content-range"]).toBe(`bytes 0-9/${served.rawPayload.length}`);
  });

  it("keeps a small JPEG's size, turns text parts into the schema's types, and a title stays text", async () => {
    const jpeg = await sharp({
      create: { width: 40, height: 30, channels: 3, background: "#336699" },
    })
      .jpeg()
      .toBuffer();
    const response = await h.upload(`/question/${questionId}/`, owner, [
      { name: "title", value: "42" },
      { name: "media", filename: "x.bin", contentType: "application/octet-stream", data: jpeg },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().title).toBe("42");
    expect(response.json().media).toMatch(/\.jpg$/);
    const served = await h.call("GET", response.json().media);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([40, 30]);
  });

  it.each([
    [
      "an SVG",
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    [
      "an HTML page",
      Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>"),
    ],
    [
      "a PNG signature with garbage behind it",
      Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(5000, 7)]),
    ],
  ])("refuses %s disguised as a .png (415) and keeps nothing", async (_label, bytes) => {
    const before = await questionMedia();
    const files = filesBelow(uploadsDir()).length;
    const count = await storedCount();
    const response = await h.upload(`/question/${questionId}/`, owner, [
      { name: "title", value: "must not change" },
      { name: "media", filename: "cute.png", contentType: "image/png", data: bytes },
    ]);
    expect(response.statusCode, response.body).toBe(415);
    expect(response.json()).toEqual({
      code: "unsupported_media",
      detail: "Unsupported file type.",
    });
    expect(await questionMedia()).toBe(before);
    expect(filesBelow(uploadsDir()).length).toBe(files);
    expect(filesBelow(tmpDir())).toEqual([]);
    expect(await storedCount()).toBe(count);
    const question = await h.call("GET", `/quiz/${quizId}/question_list/`, { user: owner });
    expect(question.json()[0].title).not.toBe("must not change");
  });

  it("refuses a 101 MB stream while it streams (413, translated) and leaves no file", async () => {
    const { dataDir } = h.t;
    const before = await questionMedia();
    const count = await storedCount();
    const filesBefore = filesBelow(path.join(dataDir, "uploads"));
    const png = await makePng(10, 10);
    const response = await h.upload(
      `/question/${questionId}/`,
      owner,
      [
        {
          name: "media",
          filename: "huge.png",
          contentType: "image/png",
          data: generatedStream(png, 101 * 1024 * 1024),
        },
      ],
      "ru",
    );
    expect(response.statusCode, response.body).toBe(413);
    expect(response.json()).toEqual({ code: "file_too_large", detail: "максимум 100 МБ" });
    expect(filesBelow(path.join(dataDir, "uploads"))).toEqual(filesBefore);
    expect(filesBelow(path.join(dataDir, "tmp"))).toEqual([]);
    expect(await questionMedia()).toBe(before);
    expect(await storedCount()).toBe(count);
  }, 60_000);

  it("keeps nothing when the text fields are invalid (400 from the route's own schema)", async () => {
    const before = await questionMedia();
    const files = filesBelow(uploadsDir()).length;
    const response = await h.upload(`/question/${questionId}/`, owner, [
      { name: "required", value: "maybe" },
      { name: "media", filename: "a.png", contentType: "image/png", data: await makePng(20, 20) },
    ]);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json())).toEqual(["required"]);
    expect(await questionMedia()).toBe(before);
    expect(filesBelow(uploadsDir()).length).toBe(files);
  });

  it("refuses a file under a name the entity has no field for", async () => {
    const response = await h.upload(`/question/${questionId}/`, owner, [
      { name: "image", filename: "a.png", contentType: "image/png", data: await makePng(20, 20) },
    ]);
    expect(response.statusCode, response.body).toBe(400);
    expect(Object.keys(response.json())).toEqual(["image"]);
  });

  it("answers 404 and stores nothing when another account uploads to the question", async () => {
    const before = await questionMedia();
    const files = filesBelow(uploadsDir()).length;
    const count = await storedCount();
    const response = await h.upload(`/question/${questionId}/`, stranger, [
      { name: "media", filename: "a.png", contentType: "image/png", data: await makePng(20, 20) },
    ]);
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().code).toBe("not_found");
    expect(await questionMedia()).toBe(before);
    expect(filesBelow(uploadsDir()).length).toBe(files);
    expect(await storedCount()).toBe(count);
    const missing = await h.upload("/question/999999/", owner, [
      { name: "media", filename: "a.png", contentType: "image/png", data: await makePng(20, 20) },
    ]);
    expect(missing.statusCode).toBe(404);
    const tasks = await h.call("GET", `/quiz/${quizId}/video-compress-tasks/`, { user: stranger });
    expect(tasks.statusCode).toBe(404);
    const noToken = await h.call("GET", `/quiz/${quizId}/video-compress-tasks/`);
    expect(noToken.statusCode).toBe(401);
  });

  it("serves nothing outside the stored files (no traversal, no unknown keys)", async () => {
    for (const url of [
      "/media/../../etc/passwd",
      "/media/%2e%2e/%2e%2e/etc/passwd",
      "/media/..%2f..%2fsecrets.json",
      `/media/ab/${"0".repeat(32)}.png`,
      "/media/secrets.json",
      "/media/",
    ]) {
      const response = await h.call("GET", url);
      expect(response.statusCode, url).toBe(404);
    }
  });
});

describe("every media-owning entity", () => {
  it("accepts its files under the field names of docs/api.md", async () => {
    const png = await makePng(64, 64);
    const file = (name: string) => ({
      name,
      filename: `${name}.png`,
      contentType: "image/png",
      data: png,
    });
    const media = /^\/media\/[0-9a-f]{2}\/[0-9a-f]{32}\.png$/;

    const answers = await h.call("GET", `/question/${questionId}/answer_list/`, { user: owner });
    const answerId = answers.json()[0].id;
    const answer = await h.upload(`/answer/${answerId}/`, owner, [file("image")]);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().image).toMatch(media);

    const result = await h.call("POST", "/result/", { user: owner, body: { quiz: quizId } });
    expect(result.statusCode, result.body).toBe(201);
    const resultUpload = await h.upload(`/result/${result.json().id}/`, owner, [file("media")]);
    expect(resultUpload.statusCode, resultUpload.body).toBe(200);
    expect(resultUpload.json().media).toMatch(media);

    const addition = await h.call("POST", "/addition/", {
      user: owner,
      body: { quiz: quizId, type: 1 },
    });
    expect(addition.statusCode, addition.body).toBe(201);
    const additionUpload = await h.upload(`/addition/${addition.json().id}/`, owner, [
      file("image"),
    ]);
    expect(additionUpload.statusCode, additionUpload.body).toBe(200);
    expect(additionUpload.json().image).toMatch(media);

    const quiz = await h.upload(`/quiz/${quizId}/`, owner, [
      { name: "title", value: "Quiz with pictures" },
      file("media"),
      file("background_image"),
    ]);
    expect(quiz.statusCode, quiz.body).toBe(200);
    expect(quiz.json().title).toBe("Quiz with pictures");
    expect(quiz.json().start_page.media).toMatch(media);
    expect(quiz.json().design.background_image).toMatch(media);
    expect(quiz.json().start_page.media).not.toBe(quiz.json().design.background_image);

    let config = await h.call("GET", `/config/quiz/${quizId}`, { user: owner });
    if (config.statusCode === 404) {
      config = await h.call("POST", "/config/quiz/", { user: owner, body: { quiz: quizId } });
    }
    expect(config.statusCode, config.body).toBeLessThan(300);
    const configUpload = await h.upload(`/config/quiz/${config.json().id}/`, owner, [
      file("media"),
      file("image"),
      file("logo"),
    ]);
    expect(configUpload.statusCode, configUpload.body).toBe(200);
    expect(configUpload.json().media).toMatch(media);
    expect(configUpload.json().image).toMatch(media);
    expect(configUpload.json().landing.logo).toMatch(media);

    // A JSON PATCH can still clear a file.
    const cleared = await h.call("PATCH", `/quiz/${quizId}/`, {
      user: owner,
      body: { design: { background_image: null } },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().design.background_image ?? null).toBeNull();
    expect(cleared.json().start_page.media).toMatch(media);

    // What visitors get names the files on the visitor origin (docs/adr/0016-visitor-origin.md):
    // the snapshot a publish would store, and the embed snippets' pictures.
    const stored = cleared.json().start_page.media as string;
    const snapshot = await h.call("GET", `/quiz/${quizId}/preview/`, { user: owner });
    expect(snapshot.statusCode, snapshot.body).toBe(200);
    expect(snapshot.json().start_page.media).toBe(`${TEST_VISITOR_URL}${stored}`);
    const snippets = await h.call("GET", `/config/quiz/${quizId}`, { user: owner });
    expect(snippets.json().embed.trigger).toContain(
      `data-photo="${TEST_VISITOR_URL}${configUpload.json().image}"`,
    );

    // Another account: 404 on every entity, nothing stored.
    const count = await storedCount();
    for (const url of [
      `/answer/${answerId}/`,
      `/result/${result.json().id}/`,
      `/addition/${addition.json().id}/`,
      `/quiz/${quizId}/`,
      `/config/quiz/${config.json().id}/`,
    ]) {
      const name = url.startsWith("/answer") || url.startsWith("/addition") ? "image" : "media";
      const response = await h.upload(url, stranger, [file(name)]);
      expect(response.statusCode, url).toBe(404);
    }
    expect(await storedCount()).toBe(count);
  });
});

describe("uploads over real HTTP", () => {
  it("answers a browser whose refused file is still being sent, and stores nothing", async () => {
    const address = await listenAsOwnerApp(h.t.app);
    const before = await storedCount();
    const media = await questionMedia();
    const form = new FormData();
    const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(30 * 1024 * 1024)]);
    form.set("media", new Blob([pdf], { type: "application/pdf" }), "brochure.pdf");
    const response = await fetch(`${address}/api/v1/question/${questionId}/`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    });
    expect(response.status).toBe(415);
    expect(((await response.json()) as { code: string }).code).toBe("unsupported_media");
    expect(await storedCount()).toBe(before);
    expect(await questionMedia()).toBe(media);
  });
});
