import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { expectCall, registerUser, type TestUser } from "../../test-support/api-client";
import {
  createPublishableQuiz,
  type PublishableQuiz,
  publicQuiz,
  publish,
} from "../../test-support/publication-fixtures";
import { createTestAppWithDatabase, type TestAppWithDatabase } from "../../test-support/test-app";
import { PUBLIC_QUIZ_CHANNEL } from ".";

/**
 * Two server processes on one PostgreSQL database (docs/speed.md "Published quiz cache"):
 * what the owner changes through one is what visitors of the other get, although each
 * keeps the published quiz in its own memory; also after the other's listening connection
 * was cut.
 */

let a: TestAppWithDatabase;
let b: { app: FastifyInstance };
let owner: TestUser;
let made: PublishableQuiz;

/** Lets b's notifications land on a (they arrive a moment after b's COMMIT). */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

const statusOnA = async () => (await publicQuiz(a, made.publicKey)).statusCode;

beforeAll(async () => {
  a = await createTestAppWithDatabase({ RATE_LIMIT_ENABLED: "false" });
  expect(a.database.kind).toBe("postgres");
  // The second process: its own app, pool and listener on the same database.
  b = { app: await buildApp(a.config) };
  await b.app.ready();
  owner = await registerUser(a);
  made = await createPublishableQuiz(a, owner);
  await publish(a, owner, made.quiz);
});
afterAll(async () => {
  await b?.app.close();
  await a?.close();
});

const setShownOnB = (isPublished: boolean) =>
  expectCall(b, 200, "PUT", `/quiz/${made.quiz}/publish/`, {
    user: owner,
    body: { is_published: isPublished },
  });

describe("the published quiz cache with two processes", () => {
  it("drops what the other process hides, shows or republishes", async () => {
    expect(await statusOnA()).toBe(200);
    expect(await statusOnA()).toBe(200);

    await setShownOnB(false);
    await expect.poll(statusOnA).toBe(404);
    await setShownOnB(true);
    await expect.poll(statusOnA).toBe(200);

    const before = (await publicQuiz(a, made.publicKey)).json().version;
    await publish(b, owner, made.quiz);
    await expect
      .poll(async () => (await publicQuiz(a, made.publicKey)).json().version)
      .toBe(before + 1);
  });

  it("stays correct when its listening connection is cut", async () => {
    expect(await statusOnA()).toBe(200);
    // Cut every connection that listens on the channel (a's and b's).
    const cut = await a.database.db.execute(sql`
      select pg_terminate_backend(pid) as cut from pg_stat_activity
      where datname = current_database() and query = ${`listen "${PUBLIC_QUIZ_CHANNEL}"`}`);
    expect((cut as unknown as { rows: unknown[] }).rows.length).toBe(2);

    // Changes made while and after it reconnects still reach a's visitors.
    await setShownOnB(false);
    await expect.poll(statusOnA, { timeout: 10_000 }).toBe(404);
    await setShownOnB(true);
    await expect.poll(statusOnA, { timeout: 10_000 }).toBe(200);
    // Listening again: a change is seen without any further cut.
    await expect
      .poll(
        async () => {
          const rows = await a.database.db.execute(sql`
          select count(*)::int as n from pg_stat_activity
          where datname = current_database() and query = ${`listen "${PUBLIC_QUIZ_CHANNEL}"`}`);
          return (rows as unknown as { rows: { n: number }[] }).rows[0]?.n;
        },
        { timeout: 10_000 },
      )
      .toBe(2);
    // Keeping copies again: a write that announces nothing is not seen until announced.
    await setShownOnB(false);
    await expect.poll(statusOnA).toBe(404);
    await setShownOnB(true);
    await settle();
    expect(await statusOnA()).toBe(200);
    await a.database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table quizzes disable trigger quizzes_notify_public`);
      await tx.execute(sql`update quizzes set is_published = false where id = ${made.quiz}`);
      await tx.execute(sql`alter table quizzes enable trigger quizzes_notify_public`);
    });
    expect(await statusOnA()).toBe(200);
    await a.database.db.execute(sql`select pg_notify(${PUBLIC_QUIZ_CHANNEL}, ${made.publicKey})`);
    await expect.poll(statusOnA).toBe(404);
  });
});
