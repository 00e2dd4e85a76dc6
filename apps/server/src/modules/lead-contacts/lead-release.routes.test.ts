import { readFileSync } from "node:fs";
import path from "node:path";
import type {
  DeliveryPage,
  LeadListPage,
  LeadReleaseResult,
  OperatorTariff,
  TariffInfo,
} from "@leadquiz/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { integrations } from "../../db/schema";
import { apiCall, expectCall, type TestUser } from "../../test-support/api-client";
import { apiPaths } from "../../test-support/api-paths";
import {
  connectTarget,
  manualClock,
  testDeliveryWorker,
} from "../../test-support/delivery-fixtures";
import {
  createLeadsHarness,
  type LeadsHarness,
  type PublishedQuiz,
} from "../../test-support/leads-fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "../../test-support/webhook-receiver";
import type { FailingTarget } from "../delivery/delivery.repository";
import { OPERATOR_KEY_FILE } from "../tariffs/operator-key";

/**
 * The allowance covers every way a lead's contacts leave the product (docs/leads.md
 * "Allowance"): a delivery to an integration or a REST hook, an opening in the app and an
 * export each release the lead, which takes one request the first time and nothing after;
 * with no request left a delivery waits (never failed) and goes once requests are bought.
 * On PGlite, and on PostgreSQL with TEST_DATABASE_URL (the concurrent cases: *.pg.test.ts).
 */

const HOUR = 60 * 60 * 1000;
const TRIAL_REQUESTS = 10;

let h: LeadsHarness;
let receiver: WebhookReceiver;
let operatorKey: string;

beforeAll(async () => {
  h = await createLeadsHarness({ JOBS_IN_PROCESS: "false" });
  receiver = await startWebhookReceiver();
  operatorKey = readFileSync(path.join(h.t.dataDir, OPERATOR_KEY_FILE), "utf8").trim();
});
afterAll(async () => {
  await receiver?.close();
  await h?.close();
});
beforeEach(() => {
  receiver.answer(200);
  receiver.received.length = 0;
});

const submitLead = (quiz: PublishedQuiz) => h.submitLead(quiz);

const list = (user: TestUser) =>
  expectCall<LeadListPage>(h.t, 200, "GET", apiPaths.leadsList, { user });

const deliveryLog = (quiz: PublishedQuiz) =>
  expectCall<DeliveryPage>(h.t, 200, "GET", apiPaths.quizDeliveries(quiz.id), {
    user: quiz.owner,
  });

/**
 * The ids of the leads the receiver got, smallest first: the worker sends what it claimed
 * at once, so they may arrive in any order; which ones came is what tells the order of
 * release (oldest first).
 */
const receivedLeads = () =>
  receiver.received
    .map((r) => (JSON.parse(r.body) as { data: { lead: { id: number } } }).data.lead.id)
    .sort((a, b) => a - b);

function operator(method: "POST" | "PATCH" | "GET", url: string, body?: unknown) {
  return h.t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { "x-operator-key": operatorKey },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

/** The operator adds a tariff granting `requests` for 9.00, credits 9.00, the owner buys it. */
async function buyRequests(user: TestUser, requests: number) {
  const tariff = await operator("POST", apiPaths.operatorTariffs, {
    title: `Pack of ${requests}`,
    period_months: 1,
    projects_per_month: 5,
    requests_per_month: requests,
    price: "9.00",
  });
  expect(tariff.statusCode).toBe(201);
  const [info] = (await apiCall(h.t, "GET", apiPaths.userinfo, { user })).json();
  const credit = await operator("POST", apiPaths.operatorCredit, {
    email: info.email,
    amount: "9.00",
    reason: "bank transfer",
  });
  expect(credit.statusCode).toBe(200);
  await expectCall(h.t, 200, "POST", apiPaths.buyTariffFromBalance, {
    user,
    body: { tariff: (tariff.json() as OperatorTariff).id },
  });
}

/** A published quiz with a webhook to the local receiver, and a worker told of failing targets. */
async function quizWithWebhook() {
  const quiz = await h.publishedQuiz();
  await connectTarget(h, quiz, "webhook", { url: receiver.url });
  return quiz;
}

describe("a lead's contacts leave the product once, against the allowance", () => {
  it("a delivery takes one request; opening the lead later and a second target take none", async () => {
    const quiz = await quizWithWebhook();
    await connectTarget(h, quiz, "hook", { url: receiver.url, event: "lead.created" });
    const lead = await submitLead(quiz);
    expect((await list(quiz.owner)).requests_left).toBe(TRIAL_REQUESTS);

    const worker = testDeliveryWorker(h, { now: () => new Date() });
    expect(await worker.runOnce()).toBe(2);
    expect(receivedLeads()).toEqual([lead, lead]);
    const after = await list(quiz.owner);
    expect(after.requests_left).toBe(TRIAL_REQUESTS - 1);
    // Delivered, so released: the list shows it opened.
    expect(after.results.find((r) => r.id === lead)).toMatchObject({
      is_opened: true,
      name: "Olena",
    });

    const opened = await expectCall<{ requests_left: number }>(
      h.t,
      200,
      "POST",
      apiPaths.leadOpen,
      {
        user: quiz.owner,
        body: { lead },
      },
    );
    expect(opened.requests_left).toBe(TRIAL_REQUESTS - 1);
  });

  it("with no request left, a new lead's delivery waits: nothing sent, nothing failed, no e-mail", async () => {
    const quiz = await quizWithWebhook();
    const sent: number[] = [];
    for (let i = 0; i < TRIAL_REQUESTS; i += 1) sent.push(await submitLead(quiz));
    const clock = manualClock(new Date(Date.now() + 1000));
    const told: FailingTarget[] = [];
    const worker = testDeliveryWorker(h, clock, (target) => told.push(target));
    // At most 8 sends to one target per claim: two looks.
    await worker.runOnce();
    await worker.runOnce();
    expect(receivedLeads()).toEqual(sent);
    expect((await list(quiz.owner)).requests_left).toBe(0);

    const late = await submitLead(quiz);
    clock.advance(1000);
    // Hours of looks at the outbox: the delivery is never tried and never fails.
    for (let i = 0; i < 30; i += 1) {
      await worker.runOnce();
      clock.advance(HOUR / 6);
    }
    expect(receiver.received).toHaveLength(TRIAL_REQUESTS);
    expect(told).toEqual([]);
    const log = await deliveryLog(quiz);
    const waiting = log.results.find((d) => d.lead === late);
    expect(waiting).toMatchObject({ status: "awaiting_requests", attempts: 0, last_error: null });
    expect(log.results.filter((d) => d.status === "failed")).toEqual([]);
    const page = await list(quiz.owner);
    expect(page.deliveries_waiting).toBe(1);
    expect(page.results.find((r) => r.id === late)).toMatchObject({ is_opened: false });
    const filtered = await expectCall<DeliveryPage>(
      h.t,
      200,
      "GET",
      `${apiPaths.quizDeliveries(quiz.id)}?status=awaiting_requests`,
      { user: quiz.owner },
    );
    expect(filtered.results.map((d) => d.lead)).toEqual([late]);
    // Opening by hand is refused the same way: no request left.
    const refused = await apiCall(h.t, "POST", apiPaths.leadOpen, {
      user: quiz.owner,
      body: { lead: late },
    });
    expect(refused.statusCode).toBe(403);
  });

  it("buying requests sends the waiting deliveries, oldest lead first, as many as were bought", async () => {
    const quiz = await quizWithWebhook();
    const worker = testDeliveryWorker(h, { now: () => new Date() });
    for (let i = 0; i < TRIAL_REQUESTS; i += 1) await submitLead(quiz);
    await worker.runOnce();
    await worker.runOnce();
    const waiting = [await submitLead(quiz), await submitLead(quiz), await submitLead(quiz)];
    await worker.runOnce();
    receiver.received.length = 0;
    expect((await list(quiz.owner)).deliveries_waiting).toBe(3);

    await buyRequests(quiz.owner, 2);
    // A lead that comes after the purchase queues behind the older waiting ones.
    const newer = await submitLead(quiz);
    await worker.runOnce();
    await worker.runOnce();
    expect(receivedLeads()).toEqual(waiting.slice(0, 2));
    const page = await list(quiz.owner);
    expect(page.requests_left).toBe(0);
    expect(page.deliveries_waiting).toBe(2);

    await buyRequests(quiz.owner, 5);
    await worker.runOnce();
    await worker.runOnce();
    expect(receivedLeads()).toEqual([...waiting, newer]);
    const done = await list(quiz.owner);
    expect(done).toMatchObject({ requests_left: 3, deliveries_waiting: 0 });
    const log = await deliveryLog(quiz);
    expect(log.results.every((d) => d.status === "delivered" && d.attempts === 1)).toBe(true);
  });

  it("a waiting delivery of a lead erased meanwhile is closed as skipped, costing nothing", async () => {
    const quiz = await quizWithWebhook();
    const worker = testDeliveryWorker(h, { now: () => new Date() });
    for (let i = 0; i < TRIAL_REQUESTS; i += 1) await submitLead(quiz);
    await worker.runOnce();
    await worker.runOnce();
    const erased = await submitLead(quiz);
    const kept = await submitLead(quiz);
    await worker.runOnce();
    expect((await list(quiz.owner)).deliveries_waiting).toBe(2);
    await expectCall(h.t, 204, "DELETE", apiPaths.leadById(erased), { user: quiz.owner });
    // Nothing is left to send for the erased lead: the screen counts only the other one.
    expect((await list(quiz.owner)).deliveries_waiting).toBe(1);
    receiver.received.length = 0;
    await buyRequests(quiz.owner, 1);
    await worker.runOnce();
    await worker.runOnce();
    expect(receivedLeads()).toEqual([kept]);
    const log = await deliveryLog(quiz);
    expect(log.results.find((d) => d.lead === erased)).toMatchObject({
      status: "skipped",
      last_error: "lead_erased",
    });
    expect(await list(quiz.owner)).toMatchObject({ requests_left: 0, deliveries_waiting: 0 });
  });

  it("a waiting delivery to a target switched off meanwhile is closed like any of its queue, costing nothing", async () => {
    const quiz = await h.publishedQuiz();
    const webhook = await connectTarget(h, quiz, "webhook", { url: receiver.url });
    const worker = testDeliveryWorker(h, { now: () => new Date() });
    for (let i = 0; i < TRIAL_REQUESTS; i += 1) await submitLead(quiz);
    await worker.runOnce();
    await worker.runOnce();
    const late = await submitLead(quiz);
    await worker.runOnce();
    await h.t.database.db
      .update(integrations)
      .set({ isEnabled: false })
      .where(eq(integrations.id, webhook.id));
    receiver.received.length = 0;
    await buyRequests(quiz.owner, 1);
    await worker.runOnce();
    await worker.runOnce();
    expect(receiver.received).toHaveLength(0);
    const log = await deliveryLog(quiz);
    expect(log.results.find((d) => d.lead === late)).toMatchObject({
      status: "failed",
      last_error: "integration_disabled",
    });
    expect(await list(quiz.owner)).toMatchObject({ requests_left: 1, deliveries_waiting: 0 });
  });

  it("an export releases the matching unopened leads oldest first while requests last; the rest stay out", async () => {
    const quiz = await h.publishedQuiz();
    const leads: number[] = [];
    for (let i = 0; i < 12; i += 1) leads.push(await submitLead(quiz));
    // Reading the export releases nothing: unopened leads are left out.
    const before = await apiCall(h.t, "GET", `${apiPaths.leadsExport}?format=csv`, {
      user: quiz.owner,
    });
    expect(before.body.trim().split("\r\n")).toHaveLength(1);
    expect((await list(quiz.owner)).requests_left).toBe(TRIAL_REQUESTS);

    const release = await expectCall<LeadReleaseResult>(h.t, 200, "POST", apiPaths.leadsRelease, {
      user: quiz.owner,
      body: { quiz: quiz.id },
    });
    expect(release).toEqual({ released: TRIAL_REQUESTS, unopened_left: true, requests_left: 0 });
    const csv = await apiCall(h.t, "GET", `${apiPaths.leadsExport}?format=csv`, {
      user: quiz.owner,
    });
    const ids = csv.body
      .trim()
      .split("\r\n")
      .slice(1)
      .map((line) => Number(line.split(",")[0]));
    expect(ids.sort((a, b) => a - b)).toEqual(leads.slice(0, TRIAL_REQUESTS));
    const again = await expectCall<LeadReleaseResult>(h.t, 200, "POST", apiPaths.leadsRelease, {
      user: quiz.owner,
      body: {},
    });
    expect(again).toEqual({ released: 0, unopened_left: true, requests_left: 0 });
    const foreign = await apiCall(h.t, "POST", apiPaths.leadsRelease, {
      user: (await h.publishedQuiz()).owner,
      body: { quiz: quiz.id },
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await apiCall(h.t, "POST", apiPaths.leadsRelease, {
      user: quiz.owner,
      body: { status: "maybe" },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("a lead released by an export is delivered without another request", async () => {
    const quiz = await h.publishedQuiz();
    const lead = await submitLead(quiz);
    await expectCall(h.t, 200, "POST", apiPaths.leadsRelease, { user: quiz.owner, body: {} });
    await connectTarget(h, quiz, "webhook", { url: receiver.url });
    await submitLead(quiz);
    // The earlier lead was stored before the webhook existed: only the new one is queued.
    const worker = testDeliveryWorker(h, { now: () => new Date() });
    await worker.runOnce();
    expect(receivedLeads()).toHaveLength(1);
    expect((await list(quiz.owner)).requests_left).toBe(TRIAL_REQUESTS - 2);
    expect((await list(quiz.owner)).results.find((r) => r.id === lead)?.is_opened).toBe(true);
  });
});

describe("the trial's requests and the bought ones", () => {
  it("are counted the same way: the trial grants what the catalogue's trial tariff says", async () => {
    const catalogue = (await operator("GET", apiPaths.operatorTariffs)).json() as OperatorTariff[];
    const trial = catalogue.find((t) => t.is_trial);
    if (!trial) throw new Error("no trial tariff");
    const changed = await operator("PATCH", apiPaths.operatorTariff(trial.id), {
      requests_per_month: 3,
    });
    expect(changed.statusCode).toBe(200);
    try {
      const quiz = await quizWithWebhook();
      const info = await expectCall<TariffInfo>(h.t, 200, "GET", apiPaths.tariffInfo, {
        user: quiz.owner,
      });
      expect(info).toMatchObject({ requests_limit: 3, requests_used: 0 });
      expect((await list(quiz.owner)).requests_left).toBe(3);
      const leads: number[] = [];
      for (let i = 0; i < 4; i += 1) leads.push(await submitLead(quiz));
      const worker = testDeliveryWorker(h, { now: () => new Date() });
      await worker.runOnce();
      expect(receivedLeads()).toEqual(leads.slice(0, 3));
      expect(await list(quiz.owner)).toMatchObject({ requests_left: 0, deliveries_waiting: 1 });
      const used = await expectCall<TariffInfo>(h.t, 200, "GET", apiPaths.tariffInfo, {
        user: quiz.owner,
      });
      expect(used).toMatchObject({ requests_limit: 3, requests_used: 3 });

      // Bought requests work the same way: the waiting one goes, the rest is counted alike.
      await buyRequests(quiz.owner, 2);
      await worker.runOnce();
      await worker.runOnce();
      expect(receivedLeads()).toEqual(leads);
      expect(await list(quiz.owner)).toMatchObject({ requests_left: 1, deliveries_waiting: 0 });
    } finally {
      await operator("PATCH", apiPaths.operatorTariff(trial.id), {
        requests_per_month: trial.requests_per_month,
      });
    }
  });
});
