import type { Project, Quiz } from "@leadquiz/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, expectCall, registerUser, type TestUser } from "../../test-support/api-client";
import { createProject, createQuizIn } from "../../test-support/quiz-fixtures";
import { createTestApp, type TestApp } from "../../test-support/test-app";

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_ENABLED: "false" });
  owner = await registerUser(t);
  stranger = await registerUser(t);
});
afterAll(() => t.close());

describe("POST project/", () => {
  it("creates a project with a title and sites", async () => {
    const project = await expectCall<Project>(t, 201, "POST", "/project/", {
      user: owner,
      body: { title: "Shop ✨ 商店", sites: ["https://shop.example.com", " example.org "] },
    });
    expect(project).toMatchObject({
      title: "Shop ✨ 商店",
      sites: ["https://shop.example.com", "example.org"],
      quizzes: [],
    });
    expect(Date.parse(project.created_at)).not.toBeNaN();
  });

  it("titles a project without a title in the owner's language", async () => {
    const en = await expectCall<Project>(t, 201, "POST", "/project", { user: owner, body: {} });
    expect(en.title).toBe("New project");
    const ukOwner = await registerUser(t, { language: "uk" });
    const uk = await expectCall<Project>(t, 201, "POST", "/project/", { user: ukOwner, body: {} });
    expect(uk.title).toBe("Новий проєкт");
  });

  it("refuses a title too long and an empty site, per field", async () => {
    const response = await apiCall(t, "POST", "/project/", {
      user: owner,
      body: { title: "x".repeat(501), sites: ["ok.example", " "] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      title: ["The value is too long"],
      "sites.1": ["Required field"],
    });
  });

  it("answers 401 without a token", async () => {
    expect((await apiCall(t, "POST", "/project/", { body: {} })).statusCode).toBe(401);
  });
});

describe("GET project/ and project/{id}", () => {
  it("lists the account's live projects with their live quizzes", async () => {
    const someone = await registerUser(t);
    const first = await createProject(t, someone, { title: "First" });
    const second = await createProject(t, someone, { title: "Second" });
    const quiz = await createQuizIn(t, someone, first, { title: "Quiz A" });
    const hidden = await createQuizIn(t, someone, first, { title: "Quiz B" });
    await expectCall(t, 204, "DELETE", `/quiz/${hidden}/`, { user: someone });

    const list = await expectCall<Project[]>(t, 200, "GET", "/project/", { user: someone });
    expect(list.map((project) => project.id)).toEqual([first, second]);
    expect(list[0]?.quizzes).toEqual([
      {
        id: quiz,
        project: first,
        title: "Quiz A",
        is_published: false,
        published_at: null,
        created_at: expect.any(String),
        leads_count: 0,
        public_url: expect.stringMatching(/\/q\/[\w-]+$/),
      },
    ]);
    expect(list[1]?.quizzes).toEqual([]);

    const one = await expectCall<Project>(t, 200, "GET", `/project/${first}`, { user: someone });
    expect(one).toEqual(list[0]);
  });

  it("answers 404 for an unknown project and 400 for a malformed id", async () => {
    expect((await apiCall(t, "GET", "/project/999999/", { user: owner })).statusCode).toBe(404);
    const response = await apiCall(t, "GET", "/project/abc/", { user: owner });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty("id");
  });
});

describe("PATCH project/{id}/", () => {
  it("changes the title and replaces the sites", async () => {
    const id = await createProject(t, owner, { title: "Old", sites: ["a.example", "b.example"] });
    const renamed = await expectCall<Project>(t, 200, "PATCH", `/project/${id}/`, {
      user: owner,
      body: { title: "New" },
    });
    expect(renamed).toMatchObject({ title: "New", sites: ["a.example", "b.example"] });
    const resited = await expectCall<Project>(t, 200, "PATCH", `/project/${id}`, {
      user: owner,
      body: { sites: ["c.example"] },
    });
    expect(resited).toMatchObject({ title: "New", sites: ["c.example"] });
    const unchanged = await expectCall<Project>(t, 200, "PATCH", `/project/${id}/`, {
      user: owner,
      body: {},
    });
    expect(unchanged).toEqual(resited);
  });

  it("refuses a wrong type per field", async () => {
    const id = await createProject(t, owner);
    const response = await apiCall(t, "PATCH", `/project/${id}/`, {
      user: owner,
      body: { title: 5, sites: "x" },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(["sites", "title"]);
  });
});

describe("DELETE project/{id}/", () => {
  it("hides the project and its quizzes", async () => {
    const id = await createProject(t, owner);
    const quiz = await createQuizIn(t, owner, id);
    await expectCall(t, 204, "DELETE", `/project/${id}/`, { user: owner });
    expect((await apiCall(t, "GET", `/project/${id}/`, { user: owner })).statusCode).toBe(404);
    expect((await apiCall(t, "GET", `/quiz/${quiz}/`, { user: owner })).statusCode).toBe(404);
    const projects = await expectCall<Project[]>(t, 200, "GET", "/project/", { user: owner });
    expect(projects.some((project) => project.id === id)).toBe(false);
    const quizzes = await expectCall<Quiz[]>(t, 200, "GET", "/quiz/", { user: owner });
    expect(quizzes.some((summary) => summary.id === quiz)).toBe(false);
    expect((await apiCall(t, "DELETE", `/project/${id}/`, { user: owner })).statusCode).toBe(404);
    expect(
      (await apiCall(t, "POST", "/quiz/", { user: owner, body: { project: id } })).statusCode,
    ).toBe(404);
  });
});

describe("POST project/copy/", () => {
  it("copies the project with every live quiz", async () => {
    const id = await createProject(t, owner, { title: "Source", sites: ["s.example"] });
    const quizA = await createQuizIn(t, owner, id, { title: "A" });
    const quizB = await createQuizIn(t, owner, id, { title: "B" });
    const gone = await createQuizIn(t, owner, id, { title: "Gone" });
    await expectCall(t, 204, "DELETE", `/quiz/${gone}/`, { user: owner });

    const copy = await expectCall<Project>(t, 201, "POST", "/project/copy/", {
      user: owner,
      body: { id },
    });
    expect(copy.id).not.toBe(id);
    expect(copy).toMatchObject({ title: "Source (copy)", sites: ["s.example"] });
    expect(copy.quizzes.map((quiz) => quiz.title)).toEqual(["A", "B"]);
    expect(copy.quizzes.every((quiz) => quiz.project === copy.id)).toBe(true);
    expect(copy.quizzes.map((quiz) => quiz.id)).not.toContain(quizA);
    expect(copy.quizzes.map((quiz) => quiz.id)).not.toContain(quizB);
    const source = await expectCall<Project>(t, 200, "GET", `/project/${id}/`, { user: owner });
    expect(source.quizzes.map((quiz) => quiz.id)).toEqual([quizA, quizB]);
  });

  it("answers 404 for a missing project and 400 for a missing id", async () => {
    expect(
      (await apiCall(t, "POST", "/project/copy/", { user: owner, body: { id: 999999 } }))
        .statusCode,
    ).toBe(404);
    const response = await apiCall(t, "POST", "/project/copy/", { user: owner, body: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ id: ["Required field"] });
  });
});

describe("another account's project", () => {
  it("answers 404 to read, change, copy and delete, and is never listed", async () => {
    const id = await createProject(t, owner, { title: "Mine" });
    await createQuizIn(t, owner, id);
    const as = { user: stranger };
    expect((await apiCall(t, "GET", `/project/${id}/`, as)).statusCode).toBe(404);
    expect(
      (await apiCall(t, "PATCH", `/project/${id}/`, { ...as, body: { title: "x" } })).statusCode,
    ).toBe(404);
    expect((await apiCall(t, "POST", "/project/copy/", { ...as, body: { id } })).statusCode).toBe(
      404,
    );
    expect((await apiCall(t, "DELETE", `/project/${id}/`, as)).statusCode).toBe(404);
    expect(await expectCall(t, 200, "GET", "/project/", as)).toEqual([]);
    const mine = await expectCall<Project>(t, 200, "GET", `/project/${id}/`, { user: owner });
    expect(mine.title).toBe("Mine");
  });
});
