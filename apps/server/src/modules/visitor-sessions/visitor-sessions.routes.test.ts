import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshIp } from "../../test-support/api-client";
import { apiPaths } from "../../test-support/api-paths";
import {
  createLeadsHarness,
  type LeadsHarness,
  type PublishedQuiz,
} from "../../test-support/leads-fixtures";
import { VISITOR_LIMITS } from "./visitor-limits";

let h: LeadsHarness;
let quiz: PublishedQuiz;
const events = (key: string) => apiPaths.publicQuizEvents(key);

beforeAll(async () => {
  h = await createLeadsHarness();
  quiz = await h.publishedQuiz();
});
afterAll(async () => {
  await h?.close();
});

async function newSession(): Promise<string> {
  const response = await h.post(apiPaths.clientSessions, {
    quiz: quiz.publicKey,
    service_session: true,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().session;
}

describe("POST client-sessions/", () => {
  it("opens a session with where the visitor came from", async () => {
    const response = await h.post(apiPaths.clientSessions, {
      quiz: quiz.publicKey,
      service_session: true,
      utm: { utm_source: "newsletter" },
      referrer: "https://mail.example.com/",
      page_url: "https://builder.example.com/quiz?utm_source=newsletter",
    });
    expect(response.statusCode, response.body).toBe(201);
    const { session } = response.json();
    expect(session).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = (await h.sessionsOf(quiz.id)).filter((s) => s.id === session);
    expect(row).toMatchObject({
      utm: { utm_source: "newsletter" },
      referrer: "https://mail.example.com/",
      pageUrl: "https://builder.example.com/quiz?utm_source=newsletter",
    });
  });

  it("takes the bare minimum (the key)", async () => {
    const response = await h.post(apiPaths.clientSessions, { quiz: quiz.publicKey });
    expect(response.statusCode).toBe(201);
  });

  it("refuses bad input with 400 per field", async () => {
    const response = await h.post(apiPaths.clientSessions, { service_session: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ quiz: ["Required field"] });
    const long = await h.post(apiPaths.clientSessions, {
      quiz: quiz.publicKey,
      referrer: "x".repeat(3000),
    });
    expect(long.statusCode).toBe(400);
    expect(Object.keys(long.json())).toEqual(["referrer"]);
  });

  it("404 for an unknown or hidden quiz", async () => {
    const unknown = await h.post(apiPaths.clientSessions, { quiz: "f".repeat(32) });
    expect(unknown.statusCode).toBe(404);
    const hidden = await h.publishedQuiz();
    await h.updateQuiz(hidden.id, { isPublished: false });
    expect((await h.post(apiPaths.clientSessions, { quiz: hidden.publicKey })).statusCode).toBe(
      404,
    );
  });

  it("limits sessions per address", async () => {
    const ip = freshIp();
    for (let n = 0; n < VISITOR_LIMITS.sessionsPerIp.max; n++) {
      const ok = await h.post(apiPaths.clientSessions, { quiz: quiz.publicKey }, { ip });
      expect(ok.statusCode).toBe(201);
    }
    const over = await h.post(apiPaths.clientSessions, { quiz: quiz.publicKey }, { ip });
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe("rate_limited");
  });

  it("counts 40 simultaneous sessions of one address exactly, none lost", async () => {
    const ip = freshIp();
    const open = () => h.post(apiPaths.clientSessions, { quiz: quiz.publicKey }, { ip });
    const burst = await Promise.all(Array.from({ length: 40 }, open));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(40).fill(201));
    // With 40 counted, exactly max - 40 more pass: one lost count would let one more through.
    for (let n = 40; n < VISITOR_LIMITS.sessionsPerIp.max; n++) {
      expect((await open()).statusCode).toBe(201);
    }
    expect((await open()).statusCode).toBe(429);
  });
});

describe("POST public/quiz/{key}/events/", () => {
  it("records each funnel step of a session", async () => {
    const session = await newSession();
    for (const body of [
      { session, type: "view" },
      { session, type: "start", question: null },
      { session, type: "answer", question: 1 },
      { session, type: "contacts" },
      { session, type: "result" },
    ]) {
      const response = await h.post(events(quiz.publicKey), body);
      expect(response.statusCode, response.body).toBe(204);
      expect(response.body).toBe("");
    }
    const rows = (await h.eventsOf(quiz.id)).filter((e) => e.sessionId === session);
    expect(rows.map((e) => [e.type, e.questionId])).toEqual([
      ["view", null],
      ["start", null],
      ["answer", 1],
      ["contacts", null],
      ["result", null],
    ]);
  });

  it("stores an event without a session, or with an unknown one, as sessionless", async () => {
    const before = (await h.eventsOf(quiz.id)).filter((e) => e.sessionId === null).length;
    for (const session of [null, undefined, randomUUID(), "not-a-uuid"]) {
      const response = await h.post(events(quiz.publicKey), { session, type: "view" });
      expect(response.statusCode).toBe(204);
    }
    const after = (await h.eventsOf(quiz.id)).filter((e) => e.sessionId === null).length;
    expect(after - before).toBe(4);
  });

  it("does not tie an event to another quiz's session", async () => {
    const other = await h.publishedQuiz();
    const session = await newSession();
    expect((await h.post(events(other.publicKey), { session, type: "view" })).statusCode).toBe(204);
    const [row] = await h.eventsOf(other.id);
    expect(row?.sessionId).toBeNull();
  });

  it("refuses a bad type, and an answer without its question", async () => {
    const bad = await h.post(events(quiz.publicKey), { session: null, type: "click" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(["type"]);
    const answer = await h.post(events(quiz.publicKey), { session: null, type: "answer" });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ question: ["Required field"] });
    const nested = await h.post(
      events(quiz.publicKey),
      `{"type":"view","session":${"[".repeat(50)}${"]".repeat(50)}}`,
      { raw: true },
    );
    expect(nested.statusCode).toBe(400);
    const big = await h.post(events(quiz.publicKey), { type: "view", pad: "z".repeat(8_000) });
    expect(big.statusCode).toBe(413);
  });

  it("404 for an unknown key", async () => {
    const response = await h.post(events("e".repeat(32)), { type: "view" });
    expect(response.statusCode).toBe(404);
  });
});
