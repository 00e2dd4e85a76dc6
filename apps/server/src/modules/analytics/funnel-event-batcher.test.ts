import type { AnalyticsReport } from "@leadquiz/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quizEvents } from "../../db/schema";
import { expectCall } from "../../test-support/api-client";
import { apiPaths } from "../../test-support/api-paths";
import {
  createLeadsHarness,
  type LeadsHarness,
  type PublishedQuiz,
} from "../../test-support/leads-fixtures";
import { createFunnelEventBatcher } from ".";

/**
 * Events that arrive together are written together (group commit, docs/analytics.md
 * "Ingest"): the counts must be exactly those of events sent one by one, and one event
 * that cannot be stored must not take the others of its batch down with it.
 */

let h: LeadsHarness;
let quiz: PublishedQuiz;
let other: PublishedQuiz;

async function session(key: string, utmSource?: string): Promise<string> {
  const response = await h.post(apiPaths.clientSessions, {
    quiz: key,
    service_session: true,
    ...(utmSource ? { utm: { utm_source: utmSource } } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().session;
}

beforeAll(async () => {
  h = await createLeadsHarness();
  quiz = await h.publishedQuiz();
  other = await h.publishedQuiz();
});
afterAll(async () => {
  await h?.close();
});

describe("funnel events sent at the same moment", () => {
  it("count each visit once per step, as when they come one by one", async () => {
    const google = await Promise.all([1, 2, 3].map(() => session(quiz.publicKey, "google")));
    const plain = await session(quiz.publicKey);
    const foreign = await session(other.publicKey);
    const bodies: Record<string, unknown>[] = [];
    // Each google visit: the view three times (reloads), start twice.
    for (const s of google) {
      bodies.push(...[1, 2, 3].map(() => ({ session: s, type: "view" })));
      bodies.push(...[1, 2].map(() => ({ session: s, type: "start" })));
    }
    // A visit without a source views once; four views without a session count each time;
    // a view naming another quiz's session is stored as sessionless, so it counts too.
    bodies.push({ session: plain, type: "view" });
    bodies.push(...[1, 2, 3, 4].map(() => ({ session: null, type: "view" })));
    bodies.push({ session: foreign, type: "view" });

    const answers = await Promise.all(
      bodies.map((body) => h.post(apiPaths.publicQuizEvents(quiz.publicKey), body)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(bodies.map(() => 204));

    // Every event is kept as it came (the raw table is append-only).
    const [stored] = await h.t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(quizEvents)
      .where(eq(quizEvents.quizId, quiz.id));
    expect(stored?.n).toBe(bodies.length);

    const report = await expectCall<AnalyticsReport>(
      h.t,
      200,
      "GET",
      apiPaths.quizAnalytics(quiz.id),
      { user: quiz.owner },
    );
    expect(report).toMatchObject({ views: 3 + 1 + 4 + 1, starts: 3 });
    expect(report.by_source).toEqual([
      { utm_source: "", views: 6, leads: 0 },
      { utm_source: "google", views: 3, leads: 0 },
    ]);
  });

  it("stores the good events of a batch when one of them cannot be stored", async () => {
    const batcher = createFunnelEventBatcher(h.t.database.db);
    const before = await h.t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(quizEvents)
      .where(eq(quizEvents.quizId, other.id));
    const outcomes = await Promise.allSettled([
      batcher.record({ quizId: other.id, session: null, type: "view", questionId: null }),
      // No such quiz: the row breaks its foreign key.
      batcher.record({ quizId: 2_147_483_647, session: null, type: "view", questionId: null }),
      batcher.record({ quizId: other.id, session: null, type: "start", questionId: null }),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
    ]);
    await batcher.drain();
    const after = await h.t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(quizEvents)
      .where(eq(quizEvents.quizId, other.id));
    expect((after[0]?.n ?? 0) - (before[0]?.n ?? 0)).toBe(2);
  });
});
