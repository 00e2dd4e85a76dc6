import { randomUUID } from "node:crypto";
import type { LeadListPage, QuizClosedBody } from "@leadquiz/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTariffs } from "../../db/schema";
import { apiCall, expectCall } from "../../test-support/api-client";
import { apiPaths } from "../../test-support/api-paths";
import {
  createLeadsHarness,
  houseLead,
  type LeadsHarness,
  type PublishedQuiz,
} from "../../test-support/leads-fixtures";
import { publicQuizLookupFor } from "../visitor-sessions";

/**
 * docs/leads.md "Closed quizzes": a visitor who was served the quiz before the owner hid
 * it, deleted it or the owner's tariff ended keeps their lead for 24 hours; after that the
 * lead calls answer 410 `quiz_closed` with the reason (a stored lead is still replayed).
 */
let h: LeadsHarness;
const HOUR = 3_600_000;

beforeAll(async () => {
  h = await createLeadsHarness({ RATE_LIMIT_ENABLED: "false" });
});
afterAll(async () => {
  await h?.close();
});

const lead = (quiz: PublishedQuiz, body = houseLead()) =>
  h.post(apiPaths.publicQuizLead(quiz.publicKey), body);

async function ownerSees(quiz: PublishedQuiz): Promise<number[]> {
  const page = await expectCall<LeadListPage>(
    h.t,
    200,
    "GET",
    `${apiPaths.leadsList}?quiz=${quiz.id}`,
    { user: quiz.owner },
  );
  return page.results.map((row) => row.id);
}

async function endTariff(quiz: PublishedQuiz, ago: number) {
  await h.t.database.db
    .update(accountTariffs)
    .set({ endsAt: new Date(Date.now() - ago) })
    .where(eq(accountTariffs.userId, quiz.owner.id));
  publicQuizLookupFor(h.t.database.db).clear();
}

describe("a quiz closed during a visit", () => {
  it("hidden: stores the lead within the grace period, then answers 410 'hidden'", async () => {
    const quiz = await h.publishedQuiz();
    await expectCall(h.t, 200, "PUT", apiPaths.quizPublish(quiz.id), {
      user: quiz.owner,
      body: { is_published: false },
    });
    // The public quiz is gone for new visitors…
    const page = await apiCall(h.t, "GET", apiPaths.publicQuiz(quiz.publicKey));
    expect(page.statusCode).toBe(404);
    // …but the visitor already on it keeps their lead, stored like any other.
    const body = houseLead();
    const within = await lead(quiz, body);
    expect(within.statusCode, within.body).toBe(201);
    const id = (within.json() as { lead: number }).lead;
    expect(await ownerSees(quiz)).toEqual([id]);

    await h.updateQuiz(quiz.id, { hiddenAt: new Date(Date.now() - 25 * HOUR) });
    const after = await lead(quiz);
    expect(after.statusCode).toBe(410);
    const closed = after.json() as QuizClosedBody;
    expect(closed).toMatchObject({ code: "quiz_closed", reason: "hidden" });
    expect(closed.detail).toBe("The owner has closed this quiz, so it no longer takes answers.");
    expect(Date.now() - Date.parse(closed.closed_at)).toBeGreaterThan(24 * HOUR);
    expect(await ownerSees(quiz)).toEqual([id]);

    // A retry of the lead stored within the grace (its answer lost) is still answered.
    const replay = await lead(quiz, body);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect((replay.json() as { lead: number }).lead).toBe(id);

    // Partial leads follow the same rule.
    const { submission_id: _id, website: _website, ...unfinished } = houseLead();
    const partial = await h.post(apiPaths.publicQuizPartialLead(quiz.publicKey), {
      ...unfinished,
      session: randomUUID(),
    });
    expect(partial.statusCode).toBe(410);

    // Shown again: leads are taken as before.
    await expectCall(h.t, 200, "PUT", apiPaths.quizPublish(quiz.id), {
      user: quiz.owner,
      body: { is_published: true },
    });
    publicQuizLookupFor(h.t.database.db).clear();
    expect((await lead(quiz)).statusCode).toBe(201);
  });

  it("deleted: the same, with the reason 'deleted' in the visitor's language", async () => {
    const quiz = await h.publishedQuiz();
    await expectCall(h.t, 204, "DELETE", apiPaths.quizById(quiz.id), { user: quiz.owner });
    publicQuizLookupFor(h.t.database.db).clear();
    const within = await lead(quiz);
    expect(within.statusCode, within.body).toBe(201);
    expect(await h.leadsOf(quiz.id)).toHaveLength(1);

    await h.updateQuiz(quiz.id, { deletedAt: new Date(Date.now() - 25 * HOUR) });
    const after = await h.post(apiPaths.publicQuizLead(quiz.publicKey), houseLead(), {
      language: "uk",
    });
    expect(after.statusCode).toBe(410);
    expect(after.json()).toMatchObject({
      code: "quiz_closed",
      reason: "deleted",
      detail: "Цей квіз видалено, і він більше не приймає відповіді.",
    });
    expect(await h.leadsOf(quiz.id)).toHaveLength(1);
  });

  it("the owner's tariff ended: leads within 24 hours of the end, then 410 'tariff_ended'", async () => {
    const quiz = await h.publishedQuiz();
    await endTariff(quiz, HOUR);
    expect((await lead(quiz)).statusCode).toBe(201);
    await endTariff(quiz, 25 * HOUR);
    const after = await lead(quiz);
    expect(after.statusCode).toBe(410);
    expect(after.json()).toMatchObject({ code: "quiz_closed", reason: "tariff_ended" });
    expect(await h.leadsOf(quiz.id)).toHaveLength(1);
  });

  it("counts from the first closing: hidden long ago, deleted now, is closed", async () => {
    const quiz = await h.publishedQuiz();
    await h.updateQuiz(quiz.id, {
      isPublished: false,
      hiddenAt: new Date(Date.now() - 30 * HOUR),
      deletedAt: new Date(),
    });
    const after = await lead(quiz);
    expect(after.statusCode).toBe(410);
    expect(after.json()).toMatchObject({ reason: "hidden" });
  });

  it("a key that was never published stays 404", async () => {
    const response = await lead({ id: 0, publicKey: "0".repeat(32), owner: {} as never });
    expect(response.statusCode).toBe(404);
  });
});
