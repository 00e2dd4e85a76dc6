import type { AnalyticsReport } from "@leadquiz/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quizzes } from "../../db/schema";
import { apiCall, expectCall, registerUser, type TestUser } from "../../test-support/api-client";
import { apiPaths } from "../../test-support/api-paths";
import {
  createLeadsHarness,
  houseLead,
  type LeadsHarness,
  type PublishedQuiz,
} from "../../test-support/leads-fixtures";
import { createQuizIn, insertQuestion } from "../../test-support/quiz-fixtures";
import { rebuildRollup } from ".";

/**
 * The owner's funnel reports from a scripted set of visits sent through the visitor API,
 * with exact numbers: a session counts once per step, a honeypot lead never, a report
 * reads the roll-up (rebuilding it from the raw events answers the same).
 */

let h: LeadsHarness;
let quiz: PublishedQuiz;
let projectId: number;
let q1: number;
let q2: number;
const today = new Date().toISOString().slice(0, 10);

async function session(utmSource?: string): Promise<string> {
  const response = await h.post(apiPaths.clientSessions, {
    quiz: quiz.publicKey,
    service_session: true,
    ...(utmSource ? { utm: { utm_source: utmSource } } : {}),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().session;
}

async function event(
  sessionId: string | null,
  type: string,
  question?: number,
  key = quiz.publicKey,
): Promise<void> {
  const response = await h.post(apiPaths.publicQuizEvents(key), {
    session: sessionId,
    type,
    ...(question === undefined ? {} : { question }),
  });
  expect(response.statusCode, response.body).toBe(204);
}

function quizReport(query = "", user: TestUser = quiz.owner): Promise<AnalyticsReport> {
  return expectCall<AnalyticsReport>(
    h.t,
    200,
    "GET",
    `${apiPaths.quizAnalytics(quiz.id)}${query}`,
    {
      user,
    },
  );
}

beforeAll(async () => {
  h = await createLeadsHarness();
  quiz = await h.publishedQuiz();
  const [row] = await h.t.database.db
    .select({ projectId: quizzes.projectId })
    .from(quizzes)
    .where(eq(quizzes.id, quiz.id));
  projectId = row?.projectId ?? 0;
  q1 = (await insertQuestion(h.t, quiz.id, { sort: 1 })).id;
  q2 = (await insertQuestion(h.t, quiz.id, { sort: 2 })).id;

  // Visit 1 (google): reloads, answers twice, reaches the form and sends a lead.
  const s1 = await session("google");
  await event(s1, "view");
  await event(s1, "view");
  await event(s1, "start");
  await event(s1, "reach", q1);
  await event(s1, "answer", q1);
  await event(s1, "answer", q1);
  await event(s1, "reach", q2);
  await event(s1, "answer", q2);
  await event(s1, "contacts");
  const lead = await h.post(apiPaths.publicQuizLead(quiz.publicKey), houseLead({ session: s1 }));
  expect(lead.statusCode, lead.body).toBe(201);
  // Visit 2 (google): leaves on question 2; a bot of it fills the honeypot.
  const s2 = await session("google");
  await event(s2, "view");
  await event(s2, "start");
  await event(s2, "reach", q1);
  await event(s2, "answer", q1);
  await event(s2, "reach", q2);
  const bot = await h.post(
    apiPaths.publicQuizLead(quiz.publicKey),
    houseLead({ session: s2, website: "https://spam.example" }),
  );
  expect(bot.statusCode, bot.body).toBe(201);
  // Visit 3 (no source): leaves on question 1. Visit 4 (facebook): only looks.
  const s3 = await session();
  await event(s3, "view");
  await event(s3, "start");
  await event(s3, "reach", q1);
  await event(await session("facebook"), "view");
  // A view without a session counts as its own visit.
  await event(null, "view");
});
afterAll(async () => {
  await h?.close();
});

const expectedReport = {
  views: 5,
  starts: 3,
  contacts: 1,
  leads: 1,
  conversion: 20,
};

describe("GET quiz/{id}/analytics/", () => {
  it("counts each visit once per step, over the last 30 days by default", async () => {
    const report = await quizReport();
    expect(report).toMatchObject(expectedReport);
    expect(report.per_question).toEqual([
      { question: q1, quiz: quiz.id, title: "Question", reached: 3, answered: 2 },
      { question: q2, quiz: quiz.id, title: "Question", reached: 2, answered: 1 },
    ]);
    expect(report.by_day).toHaveLength(30);
    expect(report.to).toBe(today);
    expect(report.by_day.at(-1)).toEqual({ date: today, views: 5, starts: 3, leads: 1 });
    expect(report.by_day.slice(0, -1).every((d) => d.views + d.starts + d.leads === 0)).toBe(true);
    expect(report.by_source).toEqual([
      { utm_source: "google", views: 2, leads: 1 },
      { utm_source: "", views: 2, leads: 0 },
      { utm_source: "facebook", views: 1, leads: 0 },
    ]);
  });

  it("filters every figure by UTM source", async () => {
    const report = await quizReport("?utm_source=google");
    expect(report).toMatchObject({ views: 2, starts: 2, contacts: 1, leads: 1, conversion: 50 });
    expect(report.per_question.map((q) => [q.reached, q.answered])).toEqual([
      [2, 2],
      [2, 1],
    ]);
    expect(report.by_source).toEqual([{ utm_source: "google", views: 2, leads: 1 }]);
  });

  it("answers the same after the roll-up is rebuilt from the raw events", async () => {
    const before = await quizReport();
    await rebuildRollup(h.t.database.db, [quiz.id]);
    expect(await quizReport()).toEqual(before);
  });

  it("puts visits on their day and reads only the range asked", async () => {
    const db = h.t.database.db;
    // Move the whole history three days back, then rebuild the roll-up from it.
    await db.execute(
      sql`update quiz_events set created_at = created_at - interval '3 days' where quiz_id = ${quiz.id}`,
    );
    await db.execute(
      sql`update leads set created_at = created_at - interval '3 days' where quiz_id = ${quiz.id}`,
    );
    await rebuildRollup(db, [quiz.id]);
    const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const that = await quizReport(`?from=${day}&to=${day}`);
    expect(that).toMatchObject({ from: day, to: day, ...expectedReport });
    expect(that.by_day).toEqual([{ date: day, views: 5, starts: 3, leads: 1 }]);
    const after = await quizReport(
      `?from=${new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10)}`,
    );
    expect(after).toMatchObject({ views: 0, starts: 0, contacts: 0, leads: 0, conversion: 0 });
    expect(after.per_question.map((q) => q.reached)).toEqual([0, 0]);
    // Back to today for the other tests.
    await db.execute(
      sql`update quiz_events set created_at = created_at + interval '3 days' where quiz_id = ${quiz.id}`,
    );
    await db.execute(
      sql`update leads set created_at = created_at + interval '3 days' where quiz_id = ${quiz.id}`,
    );
    await rebuildRollup(db, [quiz.id]);
  });

  it("refuses a reversed or too long range with a translated 400", async () => {
    const reversed = await apiCall(
      h.t,
      "GET",
      `${apiPaths.quizAnalytics(quiz.id)}?from=2026-05-02&to=2026-05-01`,
      {
        user: quiz.owner,
      },
    );
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json()).toEqual({ to: ["The end must not be before the start"] });
    const long = await apiCall(
      h.t,
      "GET",
      `${apiPaths.quizAnalytics(quiz.id)}?from=2024-01-01&to=2026-01-01`,
      {
        user: quiz.owner,
      },
    );
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json())).toEqual(["from"]);
    const bad = await apiCall(h.t, "GET", `${apiPaths.quizAnalytics(quiz.id)}?from=yesterday`, {
      user: quiz.owner,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(["from"]);
  });

  it("answers 404 to another account and 401 without one", async () => {
    const stranger = await registerUser(h.t);
    const response = await apiCall(h.t, "GET", apiPaths.quizAnalytics(quiz.id), { user: stranger });
    expect(response.statusCode).toBe(404);
    expect((await apiCall(h.t, "GET", apiPaths.quizAnalytics(quiz.id))).statusCode).toBe(401);
  });
});

describe("GET project/{id}/analytics/", () => {
  it("sums the project's quizzes and lists each quiz's questions", async () => {
    const second = await createQuizIn(h.t, quiz.owner, projectId, { title: "Second" });
    const [row] = await h.t.database.db
      .select({ publicKey: quizzes.publicKey })
      .from(quizzes)
      .where(eq(quizzes.id, second));
    await h.publish(
      { id: second, publicKey: row?.publicKey ?? "", owner: quiz.owner },
      (await import("../../../../runtime/src/test/fixtures")).branchingQuiz,
    );
    await h.updateQuiz(second, { isPublished: true, publishedAt: new Date() });
    const q3 = (await insertQuestion(h.t, second, { sort: 1 })).id;
    await event(null, "view", undefined, row?.publicKey);
    await event(null, "start", undefined, row?.publicKey);
    await event(null, "reach", q3, row?.publicKey);

    const report = await expectCall<AnalyticsReport>(
      h.t,
      200,
      "GET",
      apiPaths.projectAnalytics(projectId),
      {
        user: quiz.owner,
      },
    );
    expect(report).toMatchObject({ views: 6, starts: 4, contacts: 1, leads: 1, conversion: 16.7 });
    expect(report.per_question.map((q) => [q.quiz, q.question, q.reached, q.answered])).toEqual([
      [quiz.id, q1, 3, 2],
      [quiz.id, q2, 2, 1],
      [second, q3, 1, 0],
    ]);
    expect(report.by_day.at(-1)).toEqual({ date: today, views: 6, starts: 4, leads: 1 });
  });

  it("answers 404 to another account", async () => {
    const stranger = await registerUser(h.t);
    const response = await apiCall(h.t, "GET", apiPaths.projectAnalytics(projectId), {
      user: stranger,
    });
    expect(response.statusCode).toBe(404);
  });
});
