import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/client";
import { type FakeTelegram, startFakeTelegram } from "../test-support/fake-telegram";
import { createTestApp } from "../test-support/test-app";
import { createMigratedTestDatabase } from "../test-support/test-database";
import { backgroundJobs } from "./background-work";
import { startWorkerProcess } from "./worker-process";

/** Every background job, with its schedule: the one list (docs/ARCHITECTURE.md "Background work"). */
const EVERY_JOB = [
  "video-compress",
  "lead-delivery",
  "telegram-bot",
  "lead-retention",
  "profile-rating",
  "tariff-reminders",
  "media-sweep",
];

let telegram: FakeTelegram;
beforeAll(async () => {
  telegram = await startFakeTelegram();
});
afterAll(async () => {
  await telegram.close();
});

const withBot = () => ({
  INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: "true",
  TELEGRAM_BOT_TOKEN: telegram.token,
  TELEGRAM_API_URL: telegram.url,
});

describe("background work", () => {
  it("lists every job once, each with its schedule", () => {
    expect(backgroundJobs.map((job) => job.name)).toEqual(EVERY_JOB);
    expect(Object.fromEntries(backgroundJobs.map((job) => [job.name, job.schedule]))).toMatchObject(
      {
        "lead-retention": expect.stringContaining('"20 3 * * *" UTC'),
        "profile-rating": expect.stringContaining('"40 2 * * *" UTC'),
        "tariff-reminders": expect.stringContaining('"7 * * * *" UTC'),
        "media-sweep": expect.stringContaining("daily"),
      },
    );
    for (const job of backgroundJobs) expect(job.schedule.length).toBeGreaterThan(10);
  });

  it("the web process with JOBS_IN_PROCESS starts every job when ready and stops them on close", {
    timeout: 120_000,
  }, async () => {
    const t = await createTestApp(withBot());
    let closed = false;
    try {
      expect(t.app.backgroundJobs()).toEqual(EVERY_JOB);
      await t.close();
      closed = true;
      expect(t.app.backgroundJobs()).toEqual([]);
    } finally {
      if (!closed) await t.close();
    }
  });

  it("the web process without JOBS_IN_PROCESS starts none", { timeout: 120_000 }, async () => {
    const t = await createTestApp({ ...withBot(), JOBS_IN_PROCESS: "false" });
    try {
      expect(t.app.backgroundJobs()).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it("a job its configuration leaves off (the bot without TELEGRAM_BOT_TOKEN) does not run", {
    timeout: 120_000,
  }, async () => {
    const t = await createTestApp();
    try {
      expect(t.app.backgroundJobs()).toEqual(EVERY_JOB.filter((name) => name !== "telegram-bot"));
    } finally {
      await t.close();
    }
  });

  it("the worker process starts every job and stops them on close", {
    timeout: 120_000,
  }, async () => {
    const t = await createTestApp({ ...withBot(), JOBS_IN_PROCESS: "false" });
    // The worker's own handle on a migrated database (as `npm run worker` after migrating).
    const testDatabase = await createMigratedTestDatabase();
    const log = pino({ level: "silent" });
    const database = openDatabase({
      databaseUrl: testDatabase.url,
      dataDir: t.dataDir,
      log,
      ...(testDatabase.pgliteDataDir ? { pgliteDataDir: testDatabase.pgliteDataDir } : {}),
    });
    try {
      const worker = await startWorkerProcess(t.config, database, log);
      expect(worker.work.running()).toEqual(EVERY_JOB);
      await worker.close();
      expect(worker.work.running()).toEqual([]);
    } finally {
      await database.close();
      await testDatabase.drop();
      await t.close();
    }
  });
});
