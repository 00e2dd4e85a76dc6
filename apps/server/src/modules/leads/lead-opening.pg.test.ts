import type { LeadListPage } from "@leadquiz/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, expectCall } from "../../test-support/api-client";
import { apiPaths } from "../../test-support/api-paths";
import {
  createLeadsHarness,
  houseLead,
  type LeadsHarness,
  type PublishedQuiz,
} from "../../test-support/leads-fixtures";
import { grantLeadRequests } from "../tariffs";

/**
 * Opening leads on a real PostgreSQL server, where concurrent requests run on separate
 * connections of the pool (on PGlite they queue on its one connection): the allowance is
 * never overspent and a lead is never paid for twice.
 */

let h: LeadsHarness;
let quiz: PublishedQuiz;

async function submitLeads(count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const response = await h.post(apiPaths.publicQuizLead(quiz.publicKey), houseLead());
    ids.push((response.json() as { lead: number }).lead);
  }
  return ids;
}

const open = (lead: number) =>
  apiCall(h.t, "POST", apiPaths.leadOpen, { user: quiz.owner, body: { lead } });

beforeAll(async () => {
  h = await createLeadsHarness();
  expect(h.t.database.kind).toBe("postgres");
  quiz = await h.publishedQuiz();
});
afterAll(async () => {
  await h?.close();
});

describe("POST update-lead-tariff/ on PostgreSQL", () => {
  it("spends exactly the requests left when many different leads are opened at once", async () => {
    const ids = await submitLeads(12);
    await grantLeadRequests(h.t.database.db, quiz.owner.id, 5);
    const answers = await Promise.all(ids.map(open));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 403)).toHaveLength(7);
    const page = await expectCall<LeadListPage>(h.t, 200, "GET", apiPaths.leadsList, {
      user: quiz.owner,
    });
    expect(page.requests_left).toBe(0);
    expect(page.results.filter((r) => r.is_opened)).toHaveLength(5);
  });

  it("spends one request when the same lead is opened many times at once", async () => {
    const [lead] = await submitLeads(1);
    await grantLeadRequests(h.t.database.db, quiz.owner.id, 3);
    const answers = await Promise.all(Array.from({ length: 10 }, () => open(lead ?? 0)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    const page = await expectCall<LeadListPage>(h.t, 200, "GET", apiPaths.leadsList, {
      user: quiz.owner,
    });
    expect(page.requests_left).toBe(2);
  });
});
