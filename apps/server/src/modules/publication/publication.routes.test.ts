import { publicQuizSchema, type Quiz } from "@leadquiz/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quizPublications } from "../../db/schema";
import { etagMatches } from "../../lib/http-cache";
import { apiCall, expectCall, registerUser, type TestUser } from "../../test-support/api-client";
import {
  createPublishableQuiz,
  FIRST_QUESTION,
  type PublicQuiz,
  publicQuiz,
  publish,
} from "../../test-support/publication-fixtures";
import {
  createTestAppWithDatabase,
  TEST_VISITOR_URL,
  type TestAppWithDatabase,
} from "../../test-support/test-app";

let t: TestAppWithDatabase;
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await createTestAppWithDatabase({ RATE_LIMIT_ENABLED: "false" });
  owner = await registerUser(t);
  stranger = await registerUser(t);
});
afterAll(async () => t.close());

const quizOf = (quiz: number, who: TestUser = owner) =>
  expectCall<Quiz>(t, 200, "GET", `/quiz/${quiz}/`, { user: who });

describe("publishing", () => {
  it("publishes the draft as version 1, 2, …; visitors get the snapshot without owner data", async () => {
    const made = await createPublishableQuiz(t, owner);
    expect((await publicQuiz(t, made.publicKey)).statusCode).toBe(404);

    const first = await publish(t, owner, made.quiz);
    expect(first).toEqual({
      quiz: made.quiz,
      version: 1,
      published_at: expect.any(String),
      public_url: `${TEST_VISITOR_URL}/q/${made.publicKey}`,
    });
    const quiz = await quizOf(made.quiz);
    expect(quiz.is_published).toBe(true);
    expect(quiz.published_at).toBe(first.published_at);

    const response = await publicQuiz(t, made.publicKey);
    expect(response.statusCode).toBe(200);
    const snapshot = response.json<PublicQuiz>();
    expect(publicQuizSchema.parse(snapshot)).toEqual(snapshot);
    expect(snapshot).toMatchObject({
      public_key: made.publicKey,
      version: 1,
      title: "Renovation quiz",
      language: "en",
      currency: { code: "USD", symbol: "$" },
      start_page: { title: "How much will your renovation cost?", button_text: "Go" },
      analytics: { gtm_id: "GTM-TEST1", ga_id: "", pixel_id: "", tiktok_id: "" },
      hidden_fields: ["client_id", "gclid"],
    });
    expect(snapshot.questions.map((q) => q.title)).toEqual([FIRST_QUESTION]);
    expect(snapshot.questions[0]?.answers.map((a) => a.text)).toEqual(["A flat", "Answer 2"]);
    // Results after the form (the default) stay out (docs/security.md "Gated results").
    expect(snapshot.results_settings.position).toBe("after_form");
    expect(snapshot.results).toEqual([]);
    // Only the enabled fields: the e-mail field was switched off.
    expect(snapshot.fields.map((f) => f.type)).toEqual([1, 2]);
    const body = response.body;
    expect(body).not.toContain("is_right");
    expect(body).not.toContain("send_to_email");
    expect(body).not.toContain("@example.com");
    expect(body).not.toContain('"user');
    expect(body).not.toContain("draft_version");

    await expectCall(t, 200, "PATCH", `/question/${made.question}/`, {
      user: owner,
      body: { title: "Where do you live?" },
    });
    // The draft changed; visitors still get version 1 until the next publish.
    expect((await publicQuiz(t, made.publicKey)).json().questions[0].title).toBe(FIRST_QUESTION);
    const second = await publish(t, owner, made.quiz);
    expect(second.version).toBe(2);
    const latest = (await publicQuiz(t, made.publicKey)).json<PublicQuiz>();
    expect(latest.version).toBe(2);
    expect(latest.questions[0]?.title).toBe("Where do you live?");
  });

  it("keeps every version immutable in quiz_publications", async () => {
    const made = await createPublishableQuiz(t, owner);
    await publish(t, owner, made.quiz);
    await expectCall(t, 200, "PATCH", `/quiz/${made.quiz}/`, {
      user: owner,
      body: { title: "Renamed" },
    });
    await publish(t, owner, made.quiz);
    const rows = await snapshots(made.quiz);
    expect(rows.map((row) => [row.version, row.snapshot.title])).toEqual([
      [1, "Renovation quiz"],
      [2, "Renamed"],
    ]);
  });

  it("has_unpublished_changes: true for a draft, false after publish, true after any change", async () => {
    const made = await createPublishableQuiz(t, owner);
    expect((await quizOf(made.quiz)).has_unpublished_changes).toBe(true);
    await publish(t, owner, made.quiz);
    expect((await quizOf(made.quiz)).has_unpublished_changes).toBe(false);

    const changes: [string, string, unknown][] = [
      ["PATCH", `/answer/${made.answers[1]}/`, { text: "A house" }],
      ["PATCH", `/result/${made.result}/`, { description: "Roughly" }],
      ["PATCH", `/quiz/${made.quiz}/`, { design: { button_color: "#ff0000" } }],
      ["POST", "/question/", { quiz: made.quiz, type: 4 }],
    ];
    for (const [method, url, body] of changes) {
      const response = await apiCall(t, method as "PATCH", url, { user: owner, body });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
      expect((await quizOf(made.quiz)).has_unpublished_changes, `${method} ${url}`).toBe(true);
      await publish(t, owner, made.quiz);
      expect((await quizOf(made.quiz)).has_unpublished_changes).toBe(false);
    }
    // Showing and hiding are not content changes.
    await expectCall(t, 200, "PUT", `/quiz/${made.quiz}/publish/`, {
      user: owner,
      body: { is_published: false },
    });
    expect((await quizOf(made.quiz)).has_unpublished_changes).toBe(false);
  });

  it("serves ETag and Cache-Control, answers 304 on If-None-Match, new ETag after publish", async () => {
    const made = await createPublishableQuiz(t, owner);
    await publish(t, owner, made.quiz);
    const first = await publicQuiz(t, made.publicKey);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"q\d+-v1"$/);
    expect(first.headers["cache-control"]).toBe("public, max-age=60, stale-while-revalidate=600");
    expect(first.headers["access-control-allow-origin"]).toBeUndefined();

    const again = await publicQuiz(t, made.publicKey, { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    expect(again.headers.etag).toBe(etag);
    const weak = await publicQuiz(t, made.publicKey, { "if-none-match": `"x", W/${etag}` });
    expect(weak.statusCode).toBe(304);

    await publish(t, owner, made.quiz);
    const changed = await publicQuiz(t, made.publicKey, { "if-none-match": etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().version).toBe(2);
  });

  it("hides and shows with PUT quiz/{id}/publish/; hidden and deleted quizzes answer 404", async () => {
    const made = await createPublishableQuiz(t, owner);
    await publish(t, owner, made.quiz);
    const hidden = await expectCall<Quiz>(t, 200, "PUT", `/quiz/${made.quiz}/publish/`, {
      user: owner,
      body: { is_published: false },
    });
    expect(hidden.is_published).toBe(false);
    const gone = await publicQuiz(t, made.publicKey);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe("not_found");

    const shown = await expectCall<Quiz>(t, 200, "PUT", `/quiz/${made.quiz}/publish/`, {
      user: owner,
      body: { is_published: true },
    });
    expect(shown.is_published).toBe(true);
    // Showing again does not snapshot: still version 1.
    expect((await publicQuiz(t, made.publicKey)).json().version).toBe(1);

    await expectCall(t, 204, "DELETE", `/quiz/${made.quiz}/`, { user: owner });
    expect((await publicQuiz(t, made.publicKey)).statusCode).toBe(404);

    const other = await createPublishableQuiz(t, owner);
    await publish(t, owner, other.quiz);
    await expectCall(t, 204, "DELETE", `/project/${other.project}/`, { user: owner });
    expect((await publicQuiz(t, other.publicKey)).statusCode).toBe(404);

    expect((await publicQuiz(t, "0123456789abcdef0123456789abcdef")).statusCode).toBe(404);
    expect((await publicQuiz(t, "x".repeat(65))).statusCode).toBe(400);
  });

  it("showing a quiz that was never published takes its first snapshot", async () => {
    const made = await createPublishableQuiz(t, owner);
    const shown = await expectCall<Quiz>(t, 200, "PUT", `/quiz/${made.quiz}/publish/`, {
      user: owner,
      body: { is_published: true },
    });
    expect(shown).toMatchObject({ is_published: true, has_unpublished_changes: false });
    expect(shown.published_at).not.toBeNull();
    expect((await publicQuiz(t, made.publicKey)).json().version).toBe(1);
    expect(await snapshots(made.quiz)).toHaveLength(1);
  });

  it("hiding a never-published quiz stores nothing and keeps it unpublished", async () => {
    const made = await createPublishableQuiz(t, owner);
    const hidden = await expectCall<Quiz>(t, 200, "PUT", `/quiz/${made.quiz}/publish/`, {
      user: owner,
      body: { is_published: false },
    });
    expect(hidden).toMatchObject({ is_published: false, has_unpublished_changes: true });
    expect(await snapshots(made.quiz)).toHaveLength(0);
  });

  it("answers 404 to another account, 401 without one, 400 on bad bodies", async () => {
    const made = await createPublishableQuiz(t, owner);
    const foreign = await apiCall(t, "POST", "/publication-quiz/", {
      user: stranger,
      body: { quiz: made.quiz },
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe("not_found");
    const foreignPut = await apiCall(t, "PUT", `/quiz/${made.quiz}/publish/`, {
      user: stranger,
      body: { is_published: true },
    });
    expect(foreignPut.statusCode).toBe(404);
    expect(await snapshots(made.quiz)).toHaveLength(0);
    expect((await quizOf(made.quiz)).is_published).toBe(false);

    expect(
      (await apiCall(t, "POST", "/publication-quiz/", { body: { quiz: made.quiz } })).statusCode,
    ).toBe(401);
    expect(
      (await apiCall(t, "PUT", `/quiz/${made.quiz}/publish/`, { body: { is_published: true } }))
        .statusCode,
    ).toBe(401);
    const bad = await apiCall(t, "POST", "/publication-quiz/", {
      user: owner,
      body: { quiz: "one" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty("quiz");
    const badPut = await apiCall(t, "PUT", `/quiz/${made.quiz}/publish/`, {
      user: owner,
      body: {},
    });
    expect(badPut.statusCode).toBe(400);
    expect(badPut.json()).toHaveProperty("is_published");
    expect(
      (await apiCall(t, "POST", "/publication-quiz/", { user: owner, body: { quiz: 999_999 } }))
        .statusCode,
    ).toBe(404);
  });

  it("makes media URLs absolute and resolves the font and the language", async () => {
    const made = await createPublishableQuiz(t, owner, {
      language: 7,
      currency: 6,
      design: { font: 2 },
    });
    await publish(t, owner, made.quiz);
    const snapshot = (await publicQuiz(t, made.publicKey)).json<PublicQuiz>();
    expect(snapshot.language).toBe("pl");
    expect(snapshot.currency).toEqual({ code: "PLN", symbol: "zł" });
    expect(snapshot.design.font).toEqual({
      name: "Roboto",
      family: "'Roboto', sans-serif",
      url: expect.stringMatching(/^\/fonts\/roboto\/[^/]+\/font\.css$/),
    });
  });

  it("concurrent publishes get distinct versions", async () => {
    const made = await createPublishableQuiz(t, owner);
    const versions = await Promise.all([1, 2, 3].map(() => publish(t, owner, made.quiz)));
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2, 3]);
  });
});

describe("etagMatches", () => {
  it("compares weakly and understands lists and *", () => {
    expect(etagMatches(undefined, '"a"')).toBe(false);
    expect(etagMatches('"a"', '"a"')).toBe(true);
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"b", "a"', '"a"')).toBe(true);
    expect(etagMatches("*", '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
  });
});

async function snapshots(quizId: number) {
  return t.database.db
    .select({ version: quizPublications.version, snapshot: quizPublications.snapshot })
    .from(quizPublications)
    .where(eq(quizPublications.quizId, quizId))
    .orderBy(quizPublications.version);
}
