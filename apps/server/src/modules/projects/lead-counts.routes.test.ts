import type { LeadListPage, Project, Quiz } from "@leadquiz/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { branchingQuiz } from "../../../../runtime/src/test/fixtures";
import { expectCall, type TestUser } from "../../test-support/api-client";
import { apiPaths } from "../../test-support/api-paths";
import {
  createLeadsHarness,
  flatLead,
  houseLead,
  type LeadsHarness,
  type PublishedQuiz,
} from "../../test-support/leads-fixtures";
import { createQuizIn } from "../../test-support/quiz-fixtures";

/**
 * docs/leads.md "Counts": `leads_count` of quizzes and projects equals what the owner's
 * leads list shows for the same quiz or project, through leads sent, a partial lead,
 * erasure, copies and deletion.
 */
let h: LeadsHarness;

beforeAll(async () => {
  h = await createLeadsHarness({ RATE_LIMIT_ENABLED: "false" });
});
afterAll(async () => {
  await h?.close();
});

async function listed(user: TestUser, filter: string): Promise<number> {
  let total = 0;
  let cursor = "";
  for (;;) {
    const page = await expectCall<LeadListPage>(
      h.t,
      200,
      "GET",
      `${apiPaths.leadsList}?${filter}&limit=100${cursor}`,
      { user },
    );
    total += page.results.length;
    if (page.next === null) return total;
    cursor = `&cursor=${page.next}`;
  }
}

const projects = (user: TestUser) => expectCall<Project[]>(h.t, 200, "GET", "/project/", { user });

/** Every project's and quiz's count against the list filtered by it. */
async function expectCountsMatchList(user: TestUser) {
  for (const project of await projects(user)) {
    expect(project.leads_count, `project ${project.id}`).toBe(
      await listed(user, `project=${project.id}`),
    );
    for (const quiz of project.quizzes) {
      expect(quiz.leads_count, `quiz ${quiz.id}`).toBe(await listed(user, `quiz=${quiz.id}`));
    }
  }
}

async function send(quiz: PublishedQuiz, lead = houseLead()): Promise<number> {
  const response = await h.post(apiPaths.publicQuizLead(quiz.publicKey), lead);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { lead: number }).lead;
}

describe("leads_count of quizzes and projects", () => {
  it("equals the leads list through leads sent, a partial lead, erasure, copies and deletion", async () => {
    const quiz = await h.publishedQuiz();
    const user = quiz.owner;
    const [project] = await projects(user);
    if (!project) throw new Error("no project");
    const second = await createQuizIn(h.t, user, project.id, { title: "Second" });
    await expectCountsMatchList(user);

    const sent: number[] = [];
    for (const lead of [houseLead(), houseLead(), flatLead(), houseLead(), flatLead()]) {
      sent.push(await send(quiz, lead));
    }
    // A partial lead is listed apart (kind=partial) and not counted.
    const session = await h.post(apiPaths.clientSessions, {
      quiz: quiz.publicKey,
      service_session: true,
    });
    const { submission_id: _id, website: _website, ...unfinished } = houseLead();
    const partial = await h.post(apiPaths.publicQuizPartialLead(quiz.publicKey), {
      ...unfinished,
      session: session.json().session,
    });
    expect(partial.statusCode).toBe(204);

    let [mine] = await projects(user);
    expect(mine?.leads_count).toBe(5);
    expect(mine?.quizzes.find((q) => q.id === quiz.id)?.leads_count).toBe(5);
    expect(mine?.quizzes.find((q) => q.id === second)?.leads_count).toBe(0);
    const full = await expectCall<Quiz>(h.t, 200, "GET", apiPaths.quizById(quiz.id), { user });
    expect(full.leads_count).toBe(5);
    await expectCountsMatchList(user);

    // Erasing a lead takes it out of the list and out of the counts.
    await expectCall(h.t, 204, "DELETE", apiPaths.leadById(sent[0] ?? 0), { user });
    [mine] = await projects(user);
    expect(mine?.leads_count).toBe(4);
    await expectCountsMatchList(user);

    // A copy starts at 0; the original and its project keep theirs.
    const copy = await expectCall<Quiz>(h.t, 201, "POST", apiPaths.quizCopy, {
      user,
      body: { id: quiz.id },
    });
    expect(copy.leads_count).toBe(0);
    const projectCopy = await expectCall<Project>(h.t, 201, "POST", apiPaths.projectCopy, {
      user,
      body: { id: project.id },
    });
    expect(projectCopy.leads_count).toBe(0);
    expect(projectCopy.quizzes.every((q) => q.leads_count === 0)).toBe(true);
    await expectCountsMatchList(user);

    // A lead to the copy counts for the copy only.
    const copied = { ...quiz, id: copy.id, publicKey: copy.public_url.split("/").at(-1) ?? "" };
    await h.publish(copied, branchingQuiz);
    await h.updateQuiz(copy.id, { isPublished: true });
    await send(copied);
    [mine] = await projects(user);
    expect(mine?.leads_count).toBe(5);
    expect(mine?.quizzes.find((q) => q.id === quiz.id)?.leads_count).toBe(4);
    expect(mine?.quizzes.find((q) => q.id === copy.id)?.leads_count).toBe(1);
    await expectCountsMatchList(user);

    // A deleted quiz's leads stay in its project's list and count.
    await expectCall(h.t, 204, "DELETE", apiPaths.quizById(copy.id), { user });
    [mine] = await projects(user);
    expect(mine?.leads_count).toBe(5);
    await expectCountsMatchList(user);
  });
});
