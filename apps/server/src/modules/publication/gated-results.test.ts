import type { LeadResponse, PublicQuiz } from "@leadquiz/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { branchingQuiz } from "../../../../runtime/src/test/fixtures";
import { apiPaths } from "../../test-support/api-paths";
import {
  createLeadsHarness,
  houseLead,
  type LeadsHarness,
} from "../../test-support/leads-fixtures";
import { buildRuntimeForTests } from "../../test-support/runtime-build";
import { VISITOR_HOST } from "../../test-support/test-app";

// docs/security.md "Gated results": results after the form are the lead's answer only.
const afterForm: PublicQuiz = {
  ...branchingQuiz,
  results_settings: { ...branchingQuiz.results_settings, position: "after_form" },
};
const resultTexts = branchingQuiz.results.flatMap((r) => [r.title, r.description]).filter(Boolean);

let h: LeadsHarness;
beforeAll(async () => {
  h = await createLeadsHarness({ RUNTIME_DIST_DIR: await buildRuntimeForTests() });
}, 120_000);
afterAll(async () => h?.close());

const get = (url: string) =>
  h.t.app.inject({ method: "GET", url, headers: { host: VISITOR_HOST } });

describe("results after the contact form", () => {
  it("leaves results and points out of the public snapshot and page; the lead brings them", async () => {
    const quiz = await h.publishedQuiz([afterForm]);
    const json = await get(`/api/v1${apiPaths.publicQuiz(quiz.publicKey)}`);
    expect(json.statusCode).toBe(200);
    const html = await get(`/q/${quiz.publicKey}`);
    expect(html.statusCode).toBe(200);
    for (const body of [json.body, html.body]) {
      expect(body).not.toMatch(/"points":/);
      for (const text of resultTexts) expect(body).not.toContain(text);
    }
    const snapshot = json.json() as PublicQuiz;
    expect(snapshot.results).toEqual([]);
    expect(snapshot.questions.map((q) => q.title)).toContain("What do you live in?");

    const lead = await h.post(apiPaths.publicQuizLead(quiz.publicKey), houseLead());
    expect(lead.statusCode, lead.body).toBe(201);
    expect((lead.json() as LeadResponse).results).toMatchObject([
      { id: 1, title: "House renovation", value: 240, unit: "price", show_total: true },
    ]);
  });

  it("keeps results and points in the snapshot when they come before the form", async () => {
    const quiz = await h.publishedQuiz([branchingQuiz]);
    const json = await get(`/api/v1${apiPaths.publicQuiz(quiz.publicKey)}`);
    expect(json.body).toMatch(/"points":/);
    expect((json.json() as PublicQuiz).results.map((r) => r.title)).toContain("House renovation");
  });
});
