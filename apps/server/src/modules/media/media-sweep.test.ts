import { existsSync, readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedFiles } from "../../db/schema";
import { createStorage } from "../../storage/storage";
import { newStorageKey } from "../../storage/storage-keys";
import { apiPaths } from "../../test-support/api-paths";
import {
  createMediaHarness,
  type MediaHarness,
  type MediaUser,
  multipartBody,
} from "../../test-support/media-fixtures";
import { type S3TestServer, startS3TestServer } from "../../test-support/s3-server";
import { MEDIA_SWEEP_WINDOW_MS, sweepMedia } from "./media-sweep";

/**
 * docs/media.md "Sweeper": a file goes only when no draft, no copy and no published
 * snapshot holds it and it is older than the safety window; on local disk and on a real
 * S3-compatible server (s3rver on 127.0.0.1), on PGlite and (with TEST_DATABASE_URL)
 * PostgreSQL. The sweeps run with a clock 8 days ahead instead of ageing the files.
 */
const DAY = 24 * 3_600_000;
const later = () => new Date(Date.now() + MEDIA_SWEEP_WINDOW_MS + DAY);

describe.each(["local disk", "S3"] as const)("the media sweeper on %s", (where) => {
  let s3: S3TestServer | undefined;
  let h: MediaHarness;
  let owner: MediaUser;
  const logged: { msg: string; key?: string }[] = [];
  const log = pino(
    { level: "info" },
    new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) logged.push(JSON.parse(line));
        done();
      },
    }),
  );

  beforeAll(async () => {
    s3 = where === "S3" ? await startS3TestServer() : undefined;
    h = await createMediaHarness(s3?.env ?? {});
    owner = await h.signUp();
  });
  afterAll(async () => {
    await h?.close();
    await s3?.close();
  });

  const storage = () => createStorage(h.t.config);
  const sweep = (options: { dryRun?: boolean; now?: Date } = {}) =>
    sweepMedia({ db: h.t.database.db, storage: storage(), log, ...options });

  async function stored(key: string): Promise<boolean> {
    if (s3) return (await s3.listKeys()).includes(key);
    return existsSync(path.join(h.t.dataDir, "uploads", key));
  }

  async function json<T>(method: "POST" | "PATCH" | "DELETE", url: string, body?: unknown) {
    const response = await h.call(method, url, { user: owner, body });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return (response.statusCode === 204 ? undefined : response.json()) as T;
  }

  async function image(red: number): Promise<Buffer> {
    return sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: red, g: 90, b: 160 } },
    })
      .png()
      .toBuffer();
  }

  async function attach(questionId: number, red: number): Promise<string> {
    const response = await h.upload(`/question/${questionId}/`, owner, [
      { name: "media", filename: "p.png", contentType: "image/png", data: await image(red) },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().media as string).replace(/^\/media\//, "");
  }

  it("keeps a file while a draft, a copy or a snapshot holds it, then removes it", async () => {
    const project = await json<{ id: number }>("POST", "/project/", { title: "P" });
    const quiz = await json<{ id: number }>("POST", "/quiz/", { project: project.id });
    const question = await json<{ id: number }>("POST", "/question/", { quiz: quiz.id, type: 1 });
    const shared = await attach(question.id, 10);
    await json("POST", apiPaths.publicationQuiz, { quiz: quiz.id });
    const copy = await json<{ id: number }>("POST", apiPaths.quizCopy, { id: quiz.id });
    // The original's draft lets go of the shared file (a new picture); copy and snapshot hold it.
    const replacement = await attach(question.id, 200);
    // An upload that died between storing its file and recording it: in storage only.
    const orphan = newStorageKey("png");
    const tmp = path.join(h.t.dataDir, "tmp", "orphan.png");
    await mkdir(path.dirname(tmp), { recursive: true });
    await writeFile(tmp, await image(90));
    await storage().putFile(orphan, tmp, "image/png");

    // Young files are never touched, held or not.
    expect((await sweep()).removed).toEqual([]);

    let report = await sweep({ now: later() });
    expect(report.removed).toEqual([{ key: orphan, kind: "unrecorded" }]);
    expect(await stored(orphan)).toBe(false);
    expect(await stored(shared)).toBe(true);

    // The copy is deleted: the snapshot still holds the file.
    await json("DELETE", apiPaths.quizById(copy.id));
    report = await sweep({ now: later() });
    expect(report.removed).toEqual([]);
    expect(await stored(shared)).toBe(true);

    // The quiz is deleted too: its snapshot and draft let go. A dry run only tells.
    await json("DELETE", apiPaths.quizById(quiz.id));
    const dry = await sweep({ now: later(), dryRun: true });
    expect(dry.removed.map((file) => file.key).sort()).toEqual([replacement, shared].sort());
    expect(await stored(shared)).toBe(true);
    expect(await stored(replacement)).toBe(true);
    // Within the window after a deletion the files stay (a visitor may still be on it).
    expect((await sweep({ now: new Date(Date.now() + DAY) })).removed).toEqual([]);

    report = await sweep({ now: later() });
    expect(report.removed.map((file) => file.key).sort()).toEqual([replacement, shared].sort());
    expect(await stored(shared)).toBe(false);
    expect(await stored(replacement)).toBe(false);
    const rows = await h.t.database.db.select({ key: storedFiles.storageKey }).from(storedFiles);
    expect(rows.map((row) => row.key)).not.toContain(shared);
    expect((await h.call("GET", `/media/${shared}`)).statusCode).toBe(404);
    expect(logged.filter((line) => line.msg === "media sweep: removed").map((l) => l.key)).toEqual(
      expect.arrayContaining([orphan, shared, replacement]),
    );
  });

  it("keeps the files a specialist profile and its portfolio hold, removes a replaced avatar", async () => {
    const upload = async (method: "PATCH" | "POST", url: string, field: string, red: number) => {
      const file = {
        name: field,
        filename: "p.png",
        contentType: "image/png",
        data: await image(red),
      };
      const { payload, contentType } = multipartBody(
        method === "POST" ? [{ name: "name", value: "Case" }, file] : [file],
      );
      const response = await h.t.app.inject({
        method,
        url: `/api/v1${url}`,
        headers: { authorization: `Bearer ${owner.token}`, "content-type": contentType },
        payload,
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return String(response.json()[field]).replace(/^\/media\//, "");
    };
    const oldAvatar = await upload("PATCH", apiPaths.profile, "avatar", 30);
    const avatar = await upload("PATCH", apiPaths.profile, "avatar", 60);
    const certificate = await upload("PATCH", apiPaths.profile, "certificate", 70);
    const portfolioFile = await upload("POST", apiPaths.portfolio, "file", 120);

    const report = await sweep({ now: later() });
    const removed = report.removed.map((file) => file.key);
    expect(removed).toContain(oldAvatar);
    for (const held of [avatar, certificate, portfolioFile]) {
      expect(removed).not.toContain(held);
      expect(await stored(held)).toBe(true);
    }
    expect(await stored(oldAvatar)).toBe(false);
  });

  it("runs for the operator only (`npm run media:sweep` calls it), as a dry run when asked", async () => {
    const url = `/api/v1${apiPaths.operatorMediaSweep}`;
    const refused = await h.t.app.inject({ method: "POST", url, payload: { dry_run: true } });
    expect(refused.statusCode).toBe(403);
    const key = readFileSync(path.join(h.t.dataDir, "operator-key"), "utf8").trim();
    const response = await h.t.app.inject({
      method: "POST",
      url,
      headers: { "x-operator-key": key },
      payload: { dry_run: true },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ dry_run: true, removed: [], kept: expect.any(Number) });
  });
});
