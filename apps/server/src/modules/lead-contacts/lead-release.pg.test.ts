import type { DeliveryPage, LeadListPage, Tariff } from "@leadquiz/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiCall, expectCall, type TestUser } from "../../test-support/api-client";
import { apiPaths } from "../../test-support/api-paths";
import { connectTarget, testDeliveryWorker } from "../../test-support/delivery-fixtures";
import {
  createLeadsHarness,
  type LeadsHarness,
  type PublishedQuiz,
} from "../../test-support/leads-fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "../../test-support/webhook-receiver";
import { grantLeadRequests, postLedgerRow } from "../tariffs";

/**
 * Releases racing on a real PostgreSQL server, where deliveries of several workers, openings
 * and exports run on separate connections of the pool (on PGlite they queue on its one
 * connection): a lead is counted once whatever takes it, and exactly as many leads are
 * released as requests were left (docs/leads.md "Allowance").
 */

let h: LeadsHarness;
let receiver: WebhookReceiver;

beforeAll(async () => {
  h = await createLeadsHarness({ JOBS_IN_PROCESS: "false" });
  expect(h.t.database.kind).toBe("postgres");
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
  await h?.close();
});
beforeEach(() => {
  receiver.received.length = 0;
});

const submitLead = (quiz: PublishedQuiz) => h.submitLead(quiz);

const list = (user: TestUser) =>
  expectCall<LeadListPage>(h.t, 200, "GET", apiPaths.leadsList, { user });

const open = (quiz: PublishedQuiz, lead: number) =>
  apiCall(h.t, "POST", apiPaths.leadOpen, { user: quiz.owner, body: { lead } });

const workers = () => [1, 2, 3].map(() => testDeliveryWorker(h, { now: () => new Date() }));

describe("releasing leads on PostgreSQL", () => {
  it("counts one lead once when many deliveries, openings and an export take it at once", async () => {
    const quiz = await h.publishedQuiz();
    for (let i = 0; i < 6; i += 1) await connectTarget(h, quiz, "webhook", { url: receiver.url });
    const lead = await submitLead(quiz);
    const answers = await Promise.all([
      ...workers().map((w) => w.runOnce()),
      ...Array.from({ length: 5 }, () => open(quiz, lead)),
      apiCall(h.t, "POST", apiPaths.leadsRelease, { user: quiz.owner, body: {} }),
    ]);
    const calls = answers.filter((a) => typeof a !== "number");
    expect(calls.every((a) => a.statusCode === 200)).toBe(true);
    expect(receiver.received).toHaveLength(6);
    expect((await list(quiz.owner)).requests_left).toBe(10 - 1);
  });

  it("releases exactly as many of many racing leads as requests are left", async () => {
    const quiz = await h.publishedQuiz();
    await connectTarget(h, quiz, "webhook", { url: receiver.url });
    const leads: number[] = [];
    for (let i = 0; i < 16; i += 1) leads.push(await submitLead(quiz));
    await grantLeadRequests(h.t.database.db, quiz.owner.id, 5);
    const answers = await Promise.all([
      ...workers().map((w) => w.runOnce()),
      ...leads.map((lead) => open(quiz, lead)),
    ]);
    const opens = answers.filter((a) => typeof a !== "number");
    expect(opens.every((a) => a.statusCode === 200 || a.statusCode === 403)).toBe(true);
    // A delivery made to wait just before an opening released its lead was made due again
    // by that opening: the next look sends it.
    const [worker] = workers();
    await worker?.runOnce();
    const page = await list(quiz.owner);
    expect(page.requests_left).toBe(0);
    const released = page.results.filter((r) => r.is_opened).map((r) => r.id);
    expect(released).toHaveLength(5);
    // Every delivered lead is one of the released ones; the others' deliveries wait.
    const log = await expectCall<DeliveryPage>(
      h.t,
      200,
      "GET",
      `${apiPaths.quizDeliveries(quiz.id)}?limit=100`,
      { user: quiz.owner },
    );
    const leadsWith = (status: string) =>
      log.results
        .filter((d) => d.status === status)
        .map((d) => d.lead)
        .sort((a, b) => a - b);
    expect(leadsWith("delivered")).toEqual(released.sort((a, b) => a - b));
    expect(leadsWith("awaiting_requests")).toEqual(leads.filter((id) => !released.includes(id)));
    expect(receiver.received).toHaveLength(5);
    expect(page.deliveries_waiting).toBe(11);
  });

  it("adds a bought tariff's requests to what is left while leads are released", async () => {
    const quiz = await h.publishedQuiz();
    const leads: number[] = [];
    for (let i = 0; i < 8; i += 1) leads.push(await submitLead(quiz));
    const [tariff] = await expectCall<Tariff[]>(h.t, 200, "GET", apiPaths.tariffs, {
      user: quiz.owner,
    });
    if (!tariff) throw new Error("the catalogue is empty");
    await h.t.database.db.transaction((tx) =>
      postLedgerRow(tx, {
        userId: quiz.owner.id,
        purse: "main",
        kind: "operator_credit",
        cents: Math.round(Number(tariff.price) * 100),
      }),
    );
    const answers = await Promise.all([
      apiCall(h.t, "POST", apiPaths.buyTariffFromBalance, {
        user: quiz.owner,
        body: { tariff: tariff.id },
      }),
      ...leads.map((lead) => open(quiz, lead)),
    ]);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const granted = tariff.requests_per_month * tariff.period_months;
    expect((await list(quiz.owner)).requests_left).toBe(10 + granted - leads.length);
  });
});
