import type { PublicationVersion, PublicQuiz } from "@leadquiz/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, expectCall, registerUser, type TestUser } from "../../test-support/api-client";
import {
  createPublishableQuiz,
  FIRST_QUESTION,
  type PublishableQuiz,
  publish,
} from "../../test-support/publication-fixtures";
import { createTestAppWithDatabase, type TestAppWithDatabase } from "../../test-support/test-app";

let t: TestAppWithDatabase;
let owner: TestUser;
let stranger: TestUser;
let made: PublishableQuiz;
beforeAll(async () => {
  t = await createTestAppWithDatabase({ RATE_LIMIT_ENABLED: "false" });
  owner = await registerUser(t);
  stranger = await registerUser(t);
  made = await createPublishableQuiz(t, owner);
});
afterAll(async () => t.close());

const renameQuestion = (title: string) =>
  expectCall(t, 200, "PATCH", `/question/${made.question}/`, { user: owner, body: { title } });

describe("the draft snapshot of the editor's preview", () => {
  it("follows the draft, with results, before and after publishing, and stores nothing", async () => {
    const before = await expectCall<PublicQuiz>(t, 200, "GET", `/quiz/${made.quiz}/preview/`, {
      user: owner,
    });
    expect(before.version).toBe(1);
    expect(before.questions.map((q) => q.title)).toEqual([FIRST_QUESTION]);
    // Results after the form are left out for visitors, not for the owner's preview.
    expect(before.results_settings.position).toBe("after_form");
    expect(before.results.map((r) => r.title)).toEqual(["About $10,000"]);
    const history = await expectCall<PublicationVersion[]>(
      t,
      200,
      "GET",
      `/quiz/${made.quiz}/publications/`,
      { user: owner },
    );
    expect(history).toEqual([]);

    await renameQuestion("Where do you live?");
    const after = await expectCall<PublicQuiz>(t, 200, "GET", `/quiz/${made.quiz}/preview/`, {
      user: owner,
    });
    expect(after.questions.map((q) => q.title)).toEqual(["Where do you live?"]);
    const quiz = await expectCall<{ is_published: boolean }>(t, 200, "GET", `/quiz/${made.quiz}/`, {
      user: owner,
    });
    expect(quiz.is_published).toBe(false);
  });

  it("is the owner's only: another account and an unknown quiz get 404, a bad id 400", async () => {
    const response = await apiCall(t, "GET", `/quiz/${made.quiz}/preview/`, { user: stranger });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(FIRST_QUESTION);
    expect((await apiCall(t, "GET", "/quiz/2147483647/preview/", { user: owner })).statusCode).toBe(
      404,
    );
    expect((await apiCall(t, "GET", "/quiz/abc/preview/", { user: owner })).statusCode).toBe(400);
    expect((await apiCall(t, "GET", `/quiz/${made.quiz}/preview/`)).statusCode).toBe(401);
  });
});

describe("the version history", () => {
  it("lists each published version with its date and title, and shows each snapshot", async () => {
    await renameQuestion("Version one");
    const first = await publish(t, owner, made.quiz);
    await expectCall(t, 200, "PATCH", `/quiz/${made.quiz}/`, {
      user: owner,
      body: { title: "Renamed quiz" },
    });
    await renameQuestion("Version two");
    const second = await publish(t, owner, made.quiz);

    const history = await expectCall<PublicationVersion[]>(
      t,
      200,
      "GET",
      `/quiz/${made.quiz}/publications/`,
      { user: owner },
    );
    expect(history).toEqual([
      { version: 2, published_at: second.published_at, title: "Renamed quiz", is_live: true },
      { version: 1, published_at: first.published_at, title: "Renovation quiz", is_live: false },
    ]);
    const old = await expectCall<PublicQuiz>(t, 200, "GET", `/quiz/${made.quiz}/publications/1/`, {
      user: owner,
    });
    expect(old.questions.map((q) => q.title)).toEqual(["Version one"]);

    await expectCall(t, 200, "PUT", `/quiz/${made.quiz}/publish/`, {
      user: owner,
      body: { is_published: false },
    });
    const hidden = await expectCall<PublicationVersion[]>(
      t,
      200,
      "GET",
      `/quiz/${made.quiz}/publications/`,
      { user: owner },
    );
    expect(hidden.map((entry) => entry.is_live)).toEqual([false, false]);
  });

  it("answers 404 for another account's quiz or a missing version, 400 for a bad one", async () => {
    const cases: [string, TestUser, number][] = [
      [`/quiz/${made.quiz}/publications/`, stranger, 404],
      [`/quiz/${made.quiz}/publications/1/`, stranger, 404],
      [`/quiz/${made.quiz}/publications/99/`, owner, 404],
      [`/quiz/${made.quiz}/publications/0/`, owner, 400],
      [`/quiz/${made.quiz}/publications/x/`, owner, 400],
      [`/quiz/${made.quiz}/publications/99999999999/`, owner, 400],
    ];
    for (const [url, user, status] of cases) {
      const response = await apiCall(t, "GET", url, { user });
      expect({ url, status: response.statusCode }).toEqual({ url, status });
      expect(response.body).not.toContain("Version one");
    }
  });
});

describe("restoring a published version", () => {
  it("rewrites the draft from the snapshot in one go, keeping ids; visitors keep theirs", async () => {
    const v1 = await expectCall<PublicQuiz>(t, 200, "GET", `/quiz/${made.quiz}/publications/1/`, {
      user: owner,
    });
    await expectCall(t, 201, "POST", "/question/", {
      user: owner,
      body: { quiz: made.quiz, type: 1, title: "Added later" },
    });
    await expectCall(t, 204, "DELETE", `/question/${made.question}/`, { user: owner });
    await expectCall(t, 204, "DELETE", `/result/${made.result}/`, { user: owner });

    const refused = await apiCall(t, "POST", `/quiz/${made.quiz}/publications/1/restore/`, {
      user: stranger,
    });
    expect(refused.statusCode).toBe(404);
    const untouched = await expectCall<PublicQuiz>(t, 200, "GET", `/quiz/${made.quiz}/preview/`, {
      user: owner,
    });
    expect(untouched.questions.map((q) => q.title)).toEqual(["Added later"]);

    const quiz = await expectCall<{ title: string; has_unpublished_changes: boolean }>(
      t,
      200,
      "POST",
      `/quiz/${made.quiz}/publications/1/restore/`,
      { user: owner },
    );
    expect(quiz.title).toBe("Renovation quiz");
    const draft = await expectCall<PublicQuiz>(t, 200, "GET", `/quiz/${made.quiz}/preview/`, {
      user: owner,
    });
    // The draft is version 1 again, to the ids of its questions, answers and results.
    expect({ ...draft, version: 1 }).toEqual(v1);

    // The restored rows are ordinary draft rows: they can be edited, and new ones added.
    await renameQuestion("Edited after the restore");
    await expectCall(t, 201, "POST", "/question/", {
      user: owner,
      body: { quiz: made.quiz, type: 1, title: "Added after the restore" },
    });
    const history = await expectCall<PublicationVersion[]>(
      t,
      200,
      "GET",
      `/quiz/${made.quiz}/publications/`,
      { user: owner },
    );
    expect(history.map((entry) => entry.version)).toEqual([2, 1]);
  });

  it("answers 404 for another account's quiz or an unknown version, 400 for a bad one", async () => {
    const cases: [string, TestUser, number][] = [
      [`/quiz/${made.quiz}/publications/1/restore/`, stranger, 404],
      [`/quiz/${made.quiz}/publications/99/restore/`, owner, 404],
      ["/quiz/2147483647/publications/1/restore/", owner, 404],
      [`/quiz/${made.quiz}/publications/0/restore/`, owner, 400],
      [`/quiz/${made.quiz}/publications/-1/restore/`, owner, 400],
      [`/quiz/${made.quiz}/publications/1.5/restore/`, owner, 400],
    ];
    for (const [url, user, status] of cases) {
      const response = await apiCall(t, "POST", url, { user });
      expect({ url, status: response.statusCode }).toEqual({ url, status });
    }
    const draft = await expectCall<PublicQuiz>(t, 200, "GET", `/quiz/${made.quiz}/preview/`, {
      user: owner,
    });
    expect(draft.questions.map((q) => q.title)).toEqual([
      "Edited after the restore",
      "Added after the restore",
    ]);
  });
});
