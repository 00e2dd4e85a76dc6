import type {
  DeliveryPage,
  LeadLetThroughResult,
  LeadListPage,
  LeadOverRateSummary,
} from "@leadquiz/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCall, expectCall, freshIp } from "../../test-support/api-client";
import { apiPaths } from "../../test-support/api-paths";
import { connectTarget, testDeliveryWorker } from "../../test-support/delivery-fixtures";
import {
  createLeadsHarness,
  houseLead,
  type LeadsHarness,
  type PublishedQuiz,
} from "../../test-support/leads-fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "../../test-support/webhook-receiver";
import { VISITOR_LIMITS } from "../visitor-sessions";

/**
 * Leads over the per-address rate (docs/leads.md "Leads over the per-address rate"): stored
 * and flagged `over_rate`, their deliveries held until the owner lets them through (once per
 * target); refused (429) only at the abuse level, here lowered to 14 per address and quiz
 * in 10 minutes (`LEAD_REFUSED_PER_ADDRESS_QUIZ`), and counted for the owner's notice.
 */

const REFUSED_AT = 14;

let h: LeadsHarness;
let receiver: WebhookReceiver;

beforeAll(async () => {
  h = await createLeadsHarness({
    JOBS_IN_PROCESS: "false",
    INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: "true",
    LEAD_REFUSED_PER_ADDRESS_QUIZ: String(REFUSED_AT),
  });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await h?.close();
});
beforeEach(() => {
  receiver.answer(200);
  receiver.received.length = 0;
});

const lead = (quiz: PublishedQuiz) => apiPaths.publicQuizLead(quiz.publicKey);

const flaggedPage = (quiz: PublishedQuiz) =>
  expectCall<LeadListPage>(h.t, 200, "GET", `${apiPaths.leadsList}?flag=over_rate`, {
    user: quiz.owner,
  });

const summary = (quiz: PublishedQuiz) =>
  expectCall<LeadOverRateSummary>(h.t, 200, "GET", apiPaths.leadsOverRate, { user: quiz.owner });

const letThrough = (quiz: PublishedQuiz, body: { lead?: number }) =>
  expectCall<LeadLetThroughResult>(h.t, 200, "POST", apiPaths.leadsLetThrough, {
    user: quiz.owner,
    body,
  });

const receivedLeads = () =>
  receiver.received
    .map((r) => (JSON.parse(r.body) as { data: { lead: { id: number } } }).data.lead.id)
    .sort((a, b) => a - b);

/** `count` leads of one address, one after the other: their ids (every answer must be 201). */
async function leadsFrom(quiz: PublishedQuiz, ip: string, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let n = 0; n < count; n++) {
    const response = await h.post(lead(quiz), houseLead(), { ip });
    expect(response.statusCode, response.body).toBe(201);
    ids.push((response.json() as { lead: number }).lead);
  }
  return ids;
}

describe("leads over the per-address rate", () => {
  it("stores 12 leads of one address in a minute; those over the rate are flagged and held", async () => {
    const quiz = await h.publishedQuiz();
    const ip = freshIp();
    const rate = VISITOR_LIMITS.leadsPerIpPerQuiz.max;
    // The first ten before the webhook is connected: the held ones are the only deliveries.
    const first = await leadsFrom(quiz, ip, rate);
    await connectTarget(h, quiz, "webhook", { url: receiver.url });
    const over = await leadsFrom(quiz, ip, 2);

    const stored = await h.leadsOf(quiz.id);
    expect(stored).toHaveLength(12);
    for (const row of stored) {
      expect(row.flags.includes("over_rate")).toBe(over.includes(row.id));
    }
    expect((await flaggedPage(quiz)).results.map((r) => r.id)).toEqual([...over].reverse());
    expect(first).toHaveLength(10);

    // Held: the worker sends nothing; the delivery log says why.
    const worker = testDeliveryWorker(h, { now: () => new Date() });
    expect(await worker.runOnce()).toBe(0);
    expect(receiver.received).toHaveLength(0);
    const log = await expectCall<DeliveryPage>(h.t, 200, "GET", apiPaths.quizDeliveries(quiz.id), {
      user: quiz.owner,
    });
    expect(log.results.map((d) => [d.lead, d.status]).sort()).toEqual(
      over.map((id) => [id, "held"]),
    );
    expect(await summary(quiz)).toEqual({ flagged: 2, held: 2, refused: 0, days: 7 });
  });

  it("lets a held lead through once: one delivery per target, however often it is asked", async () => {
    const quiz = await h.publishedQuiz();
    const ip = freshIp();
    await leadsFrom(quiz, ip, VISITOR_LIMITS.leadsPerIpPerQuiz.max);
    await connectTarget(h, quiz, "webhook", { url: receiver.url });
    await connectTarget(h, quiz, "hook", { url: receiver.url, event: "lead.created" });
    const [one, two] = await leadsFrom(quiz, ip, 2);
    if (one === undefined || two === undefined) throw new Error("two leads expected");
    const worker = testDeliveryWorker(h, { now: () => new Date() });

    // The same lead let through three times at once, then once more.
    const answers = await Promise.all([1, 2, 3].map(() => letThrough(quiz, { lead: one })));
    expect(answers.map((a) => a.let_through).sort()).toEqual([0, 0, 1]);
    expect(await letThrough(quiz, { lead: one })).toEqual({ let_through: 0 });
    expect(await worker.runOnce()).toBe(2);
    expect(await worker.runOnce()).toBe(0);
    expect(receivedLeads()).toEqual([one, one]);
    expect(await summary(quiz)).toMatchObject({ flagged: 2, held: 1 });

    // "Let them through" (every held lead of the account): the other one, once.
    expect(await letThrough(quiz, {})).toEqual({ let_through: 1 });
    expect(await letThrough(quiz, {})).toEqual({ let_through: 0 });
    expect(await worker.runOnce()).toBe(2);
    expect(await worker.runOnce()).toBe(0);
    expect(receivedLeads()).toEqual([one, one, two, two]);
    expect(await summary(quiz)).toMatchObject({ flagged: 2, held: 0 });
    // The flag stays: the owner still sees which leads came over the rate.
    expect((await flaggedPage(quiz)).results.map((r) => r.id)).toEqual([two, one]);
  });

  it("refuses only at the abuse level, with a clear message, and counts it for the owner", async () => {
    const quiz = await h.publishedQuiz();
    const ip = freshIp();
    const stored = await leadsFrom(quiz, ip, REFUSED_AT);
    const refused = await h.post(lead(quiz), houseLead(), { ip, language: "ru" });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: "rate_limited",
      detail: expect.stringMatching(/^С вашей сети за короткое время пришло слишком много заявок/),
    });
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    const english = await h.post(lead(quiz), houseLead(), { ip });
    expect(english.json().detail).toMatch(/^Too many requests have come from your network/);

    // A replay of a stored lead is still answered; the refused ones stored nothing.
    const replay = await h.post(
      lead(quiz),
      { ...houseLead(), submission_id: (await h.leadsOf(quiz.id))[0]?.submissionId },
      { ip },
    );
    expect(replay.statusCode).toBe(201);
    expect(await h.leadsOf(quiz.id)).toHaveLength(stored.length);
    // Another address is not concerned.
    expect((await h.post(lead(quiz), houseLead())).statusCode).toBe(201);

    expect(await summary(quiz)).toEqual({
      flagged: REFUSED_AT - VISITOR_LIMITS.leadsPerIpPerQuiz.max,
      held: 0,
      refused: 2,
      days: 7,
    });
  });

  it("keeps another account out", async () => {
    const quiz = await h.publishedQuiz();
    const ip = freshIp();
    await connectTarget(h, quiz, "webhook", { url: receiver.url });
    const ids = await leadsFrom(quiz, ip, VISITOR_LIMITS.leadsPerIpPerQuiz.max + 1);
    const held = ids.at(-1);
    const stranger = await h.publishedQuiz();
    const foreign = await apiCall(h.t, "POST", apiPaths.leadsLetThrough, {
      user: stranger.owner,
      body: { lead: held },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await letThrough(stranger, {})).toEqual({ let_through: 0 });
    expect(await summary(stranger)).toEqual({ flagged: 0, held: 0, refused: 0, days: 7 });
    expect(await summary(quiz)).toMatchObject({ flagged: 1, held: 1 });
  });
});
