import type { Project, Quiz, QuizSummary } from "@leadquiz/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, expectCall } from "../../test-support/api-client";
import { apiPaths } from "../../test-support/api-paths";
import {
  createLeadsHarness,
  houseLead,
  type LeadsHarness,
} from "../../test-support/leads-fixtures";
import { createProject } from "../../test-support/quiz-fixtures";

/**
 * What the projects dashboard reads from `GET project/` and `GET quiz/`: each quiz's stored
 * leads and its public address; and the sites of a project, checked as addresses.
 */
let h: LeadsHarness;

beforeAll(async () => {
  h = await createLeadsHarness({ RATE_LIMIT_ENABLED: "false" });
});
afterAll(async () => {
  await h?.close();
});

describe("QuizSummary on the dashboard", () => {
  it("counts a quiz's stored leads and gives its public address in every listing", async () => {
    const quiz = await h.publishedQuiz();
    for (const _ of [1, 2]) {
      const response = await h.post(apiPaths.publicQuizLead(quiz.publicKey), houseLead());
      expect(response.statusCode, response.body).toBe(201);
    }
    // Visitor pages live on the visitor origin (docs/adr/0016).
    const publicUrl = `${h.t.config.visitorUrl}/q/${quiz.publicKey}`;
    const user = quiz.owner;

    const projects = await expectCall<Project[]>(h.t, 200, "GET", "/project/", { user });
    expect(projects[0]?.quizzes).toEqual([
      expect.objectContaining({ id: quiz.id, leads_count: 2, public_url: publicUrl }),
    ]);
    const list = await expectCall<QuizSummary[]>(h.t, 200, "GET", "/quiz/", { user });
    expect(list).toEqual([
      expect.objectContaining({ id: quiz.id, leads_count: 2, public_url: publicUrl }),
    ]);
    const full = await expectCall<Quiz>(h.t, 200, "GET", `/quiz/${quiz.id}/`, { user });
    expect(full).toMatchObject({ leads_count: 2, public_url: publicUrl });

    // A copy starts without leads; its own address differs.
    const copy = await expectCall<Quiz>(h.t, 201, "POST", "/quiz/copy/", {
      user,
      body: { id: quiz.id },
    });
    expect(copy.leads_count).toBe(0);
    expect(copy.public_url).not.toBe(publicUrl);
  });
});

describe("sites of a project", () => {
  it("keeps URLs and host names, refuses what is not a site address, changing nothing", async () => {
    const quiz = await h.publishedQuiz();
    const user = quiz.owner;
    const project = await createProject(h.t, user, { title: "Sites" });
    const saved = await expectCall<Project>(h.t, 200, "PATCH", `/project/${project}/`, {
      user,
      body: { sites: ["https://shop.example.com/path", "example.org", "http://localhost:8080"] },
    });
    expect(saved.sites).toEqual([
      "https://shop.example.com/path",
      "example.org",
      "http://localhost:8080",
    ]);

    const refused = await apiCall(h.t, "PATCH", `/project/${project}/`, {
      user,
      body: { sites: ["example.org", "not a site", "ftp://files.example.com", "nodot"] },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      "sites.1": ["Invalid value"],
      "sites.2": ["Invalid value"],
      "sites.3": ["Invalid value"],
    });
    const after = await expectCall<Project>(h.t, 200, "GET", `/project/${project}/`, { user });
    expect(after.sites).toEqual(saved.sites);
  });
});
