import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTariffs, quizzes } from "../../db/schema";
import { registerUser, type TestUser } from "../../test-support/api-client";
import {
  createPublishableQuiz,
  publicQuiz,
  publish,
} from "../../test-support/publication-fixtures";
import { createTestAppWithDatabase, type TestAppWithDatabase } from "../../test-support/test-app";
import { PUBLIC_QUIZ_CHANNEL } from ".";

/**
 * docs/speed.md "Published quiz cache": the published quiz is serialised and compressed
 * once per version and kept in the process, and every change the database makes to what
 * visitors may see drops it (by a NOTIFY from the database, so also changes made outside
 * the API: an operator's SQL, another process).
 */

let t: TestAppWithDatabase;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestAppWithDatabase({ RATE_LIMIT_ENABLED: "false" });
  owner = await registerUser(t);
});
afterAll(async () => t.close());

/**
 * Lets the notifications of the writes so far arrive (on PostgreSQL they come a moment
 * after COMMIT, over another connection): one landing after a copy is made drops it.
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/** The status visitors get now (polled: a notification arrives a moment after COMMIT). */
const statusOf = async (publicKey: string) => (await publicQuiz(t, publicKey)).statusCode;

describe("GET public/quiz/{key}/ from the cache", () => {
  it("sends the same JSON compressed with brotli, gzip or not at all, bytes made once", async () => {
    const made = await createPublishableQuiz(t, owner);
    await publish(t, owner, made.quiz);
    const plain = await publicQuiz(t, made.publicKey, { "accept-encoding": "identity" });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(plain.headers.vary).toContain("accept-encoding");
    expect(plain.json()).toMatchObject({ public_key: made.publicKey, version: 1 });

    const br = await publicQuiz(t, made.publicKey, { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gz = await publicQuiz(t, made.publicKey, { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);

    // Served again: the very same bytes, the same validator.
    const again = await publicQuiz(t, made.publicKey, { "accept-encoding": "br" });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(br.headers.etag);
  });

  it("serves its kept copy until the database announces a change", async () => {
    const made = await createPublishableQuiz(t, owner);
    await publish(t, owner, made.quiz);
    await settle();
    expect(await statusOf(made.publicKey)).toBe(200);
    // Hidden by a write that announces nothing (its trigger off): the copy is still served,
    // so it really comes from memory …
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`alter table quizzes disable trigger quizzes_notify_public`);
      await tx.update(quizzes).set({ isPublished: false }).where(eq(quizzes.id, made.quiz));
      await tx.execute(sql`alter table quizzes enable trigger quizzes_notify_public`);
    });
    expect(await statusOf(made.publicKey)).toBe(200);
    expect(await statusOf(made.publicKey)).toBe(200);
    // … and the announcement alone makes it read the database again.
    await t.database.db.execute(sql`select pg_notify(${PUBLIC_QUIZ_CHANNEL}, ${made.publicKey})`);
    await expect.poll(() => statusOf(made.publicKey)).toBe(404);
  });

  it("drops the quiz when it is hidden outside the API, and serves it again when shown", async () => {
    const made = await createPublishableQuiz(t, owner);
    await publish(t, owner, made.quiz);
    expect(await statusOf(made.publicKey)).toBe(200);
    const setShown = (isPublished: boolean) =>
      t.database.db.update(quizzes).set({ isPublished }).where(eq(quizzes.id, made.quiz));

    await setShown(false);
    await expect.poll(() => statusOf(made.publicKey)).toBe(404);
    await setShown(true);
    await expect.poll(() => statusOf(made.publicKey)).toBe(200);
  });

  it("follows the owner's tariff: ended → gone, renewed → back", async () => {
    const made = await createPublishableQuiz(t, owner);
    await publish(t, owner, made.quiz);
    expect(await statusOf(made.publicKey)).toBe(200);
    const setEnd = (endsAt: Date) =>
      t.database.db
        .update(accountTariffs)
        .set({ endsAt })
        .where(eq(accountTariffs.userId, owner.id));

    await setEnd(new Date(Date.now() - 60_000));
    await expect.poll(() => statusOf(made.publicKey)).toBe(404);
    await setEnd(new Date(Date.now() + 30 * 86_400_000));
    // Read again at once: a kept quiz whose tariff has ended is never trusted.
    expect(await statusOf(made.publicKey)).toBe(200);
  });

  it("serves a republished version at once in the process that published it", async () => {
    const made = await createPublishableQuiz(t, owner);
    await publish(t, owner, made.quiz);
    const first = await publicQuiz(t, made.publicKey);
    await publish(t, owner, made.quiz);
    const second = await publicQuiz(t, made.publicKey);
    expect(second.json().version).toBe(2);
    expect(second.headers.etag).not.toBe(first.headers.etag);
  });
});
