import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliveries, integrations, users } from "../../db/schema";
import { apiCall } from "../../test-support/api-client";
import { apiPaths } from "../../test-support/api-paths";
import {
  connectTarget,
  deliveryRows,
  manualClock,
  testDeliveryWorker,
} from "../../test-support/delivery-fixtures";
import {
  createLeadsHarness,
  houseLead,
  type LeadsHarness,
} from "../../test-support/leads-fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "../../test-support/webhook-receiver";
import { grantLeadRequests } from "../tariffs";
import type { FailingTarget } from "./delivery.repository";
import { failingTargetEmail } from "./delivery-runner";

let harness: LeadsHarness;
let receiver: WebhookReceiver;
const HOUR = 60 * 60 * 1000;

beforeAll(async () => {
  harness = await createLeadsHarness({ JOBS_IN_PROCESS: "false" });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
  await harness.close();
});
beforeEach(async () => {
  receiver.answer(200);
  receiver.received.length = 0;
  // Each test starts with an empty outbox: deliveries of earlier tests are settled.
  await harness.t.database.db.update(deliveries).set({ status: "failed" });
});

async function submitLead(publicKey: string) {
  const response = await harness.post(apiPaths.publicQuizLead(publicKey), houseLead());
  expect(response.statusCode).toBe(201);
  return (response.json() as { lead: number }).lead;
}

describe("the delivery pipeline", () => {
  it("accepts only https webhooks while private networks are not allowed", async () => {
    const quiz = await harness.publishedQuiz();
    const response = await apiCall(harness.t, "POST", apiPaths.webhookIntegrations, {
      user: quiz.owner,
      body: { quiz: quiz.id, url: receiver.url },
      language: "ru",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().url).toEqual(["Адрес должен начинаться с https://"]);
  });

  it("enqueues one delivery per enabled target with the lead, and sends it signed", async () => {
    const quiz = await harness.publishedQuiz();
    const hook = await connectTarget(harness, quiz, "webhook", { url: receiver.url });
    await connectTarget(harness, quiz, "webhook", { url: receiver.url }, { enabled: false });
    const leadId = await submitLead(quiz.publicKey);

    const queued = (await deliveryRows(harness)).filter((d) => d.leadId === leadId);
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({ integrationId: hook.id, status: "pending" });

    const worker = testDeliveryWorker(harness, { now: () => new Date() });
    expect(await worker.runOnce()).toBe(1);
    expect(receiver.received).toHaveLength(1);
    const [hit] = receiver.received;
    const body = new Webhook(hook.secret).verify(hit?.body ?? "", {
      "webhook-id": String(hit?.headers["webhook-id"]),
      "webhook-timestamp": String(hit?.headers["webhook-timestamp"]),
      "webhook-signature": String(hit?.headers["webhook-signature"]),
    }) as { type: string; version: number; data: { lead: Record<string, unknown> } };
    expect(body.type).toBe("lead.created");
    expect(body.version).toBe(1);
    expect(body.data.lead).toMatchObject({
      id: leadId,
      name: "Olena",
      email: "olena@example.com",
      quiz: { id: quiz.id, title: "Renovation" },
      utm: { utm_source: "google", utm_campaign: "spring" },
    });
    const [done] = (await deliveryRows(harness)).filter((d) => d.leadId === leadId);
    expect(done).toMatchObject({ status: "delivered", attempts: 1, lastStatusCode: 200 });

    // Delivered once: nothing is sent again.
    expect(await worker.runOnce()).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it("retries a target that is down for 72 hours and delivers each lead exactly once when it is back", async () => {
    const quiz = await harness.publishedQuiz();
    await connectTarget(harness, quiz, "webhook", { url: receiver.url });
    const leadIds = [await submitLead(quiz.publicKey), await submitLead(quiz.publicKey)];
    const clock = manualClock();
    const worker = testDeliveryWorker(harness, clock);
    receiver.answer(500);
    const start = clock.now().getTime();
    // The outbox is looked at every 10 simulated minutes, for 72 hours.
    while (clock.now().getTime() - start < 72 * HOUR) {
      await worker.runOnce();
      clock.advance(10 * 60 * 1000);
    }
    const triesWhileDown = receiver.received.length;
    // Backoff: far fewer tries than looks, but still trying.
    expect(triesWhileDown).toBeGreaterThan(2 * 10);
    expect(triesWhileDown).toBeLessThan(2 * 40);
    const waiting = (await deliveryRows(harness)).filter((d) => leadIds.includes(d.leadId));
    expect(waiting.every((d) => d.status === "retrying")).toBe(true);
    expect(waiting.every((d) => d.lastStatusCode === 500)).toBe(true);

    receiver.answer(200);
    clock.advance(6 * HOUR);
    await worker.runOnce();
    const after = (await deliveryRows(harness)).filter((d) => leadIds.includes(d.leadId));
    expect(after.map((d) => d.status)).toEqual(["delivered", "delivered"]);
    // Every try of one lead carried the same webhook-id: the receiver keeps one per lead.
    expect(receiver.uniqueIds()).toHaveLength(2);
    const succeeded = receiver.received.slice(triesWhileDown);
    expect(succeeded).toHaveLength(2);
    await worker.runOnce();
    expect(receiver.received).toHaveLength(triesWhileDown + 2);
  });

  it("gives up after three days of failures", async () => {
    const quiz = await harness.publishedQuiz();
    await connectTarget(harness, quiz, "webhook", { url: receiver.url });
    const leadId = await submitLead(quiz.publicKey);
    const clock = manualClock();
    const worker = testDeliveryWorker(harness, clock);
    receiver.answer(503);
    for (let hour = 0; hour < 90; hour += 1) {
      await worker.runOnce();
      clock.advance(HOUR);
    }
    const [row] = (await deliveryRows(harness)).filter((d) => d.leadId === leadId);
    expect(row).toMatchObject({ status: "failed", lastStatusCode: 503 });
    const tries = receiver.received.length;
    clock.advance(24 * HOUR);
    await worker.runOnce();
    expect(receiver.received).toHaveLength(tries);
  });

  it("stops at once on an answer that cannot succeed", async () => {
    for (const status of [400, 401, 403, 404, 422]) {
      const quiz = await harness.publishedQuiz();
      await connectTarget(harness, quiz, "webhook", { url: receiver.url });
      receiver.answer(status);
      const leadId = await submitLead(quiz.publicKey);
      const clock = manualClock();
      const worker = testDeliveryWorker(harness, clock);
      await worker.runOnce();
      clock.advance(24 * HOUR);
      await worker.runOnce();
      const [row] = (await deliveryRows(harness)).filter((d) => d.leadId === leadId);
      expect(row, String(status)).toMatchObject({
        status: "failed",
        attempts: 1,
        lastStatusCode: status,
      });
    }
  });

  it("honours Retry-After", async () => {
    const quiz = await harness.publishedQuiz();
    await connectTarget(harness, quiz, "webhook", { url: receiver.url });
    receiver.answer(429, { "retry-after": "3600" });
    const leadId = await submitLead(quiz.publicKey);
    const clock = manualClock();
    const worker = testDeliveryWorker(harness, clock);
    await worker.runOnce();
    const [row] = (await deliveryRows(harness)).filter((d) => d.leadId === leadId);
    expect(row?.status).toBe("retrying");
    expect(row?.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(clock.now().getTime() + 3600_000);
    receiver.answer(200);
    clock.advance(30 * 60 * 1000);
    await worker.runOnce();
    expect(receiver.received).toHaveLength(1);
    clock.advance(31 * 60 * 1000);
    await worker.runOnce();
    expect(receiver.received).toHaveLength(2);
  });

  it("switches off a webhook that answers 410 Gone", async () => {
    const quiz = await harness.publishedQuiz();
    const hook = await connectTarget(harness, quiz, "webhook", { url: receiver.url });
    receiver.answer(410);
    const first = await submitLead(quiz.publicKey);
    const worker = testDeliveryWorker(harness, manualClock());
    await worker.runOnce();
    const [stored] = await harness.t.database.db
      .select()
      .from(integrations)
      .where(eq(integrations.id, hook.id));
    expect(stored).toMatchObject({ isEnabled: false, disabledReason: "gone" });
    const [row] = (await deliveryRows(harness)).filter((d) => d.leadId === first);
    expect(row?.status).toBe("failed");
    const second = await submitLead(quiz.publicKey);
    expect((await deliveryRows(harness)).filter((d) => d.leadId === second)).toHaveLength(0);
  });

  it("tells the owner once, in their language, when a target has been failing for an hour", async () => {
    const quiz = await harness.publishedQuiz();
    await harness.t.database.db
      .update(users)
      .set({ languageCode: "uk" })
      .where(eq(users.id, quiz.owner.id));
    await connectTarget(harness, quiz, "webhook", { url: receiver.url });
    receiver.answer(503);
    await submitLead(quiz.publicKey);
    await submitLead(quiz.publicKey);
    const told: FailingTarget[] = [];
    const clock = manualClock();
    const worker = testDeliveryWorker(harness, clock, (target) => told.push(target));
    for (let minute = 0; minute < 50; minute += 5) {
      await worker.runOnce();
      clock.advance(5 * 60 * 1000);
    }
    expect(told).toHaveLength(0);
    for (let minute = 0; minute < 180; minute += 5) {
      await worker.runOnce();
      clock.advance(5 * 60 * 1000);
    }
    expect(told).toHaveLength(1);
    const listed = async () =>
      (
        await apiCall(harness.t, "GET", apiPaths.webhookIntegrationsOfQuiz(quiz.id), {
          user: quiz.owner,
        })
      ).json()[0]?.failing_since;
    // The integration tab reads when the failing began.
    expect(await listed()).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const mail = failingTargetEmail(told[0] as FailingTarget, "https://leadquiz.example/");
    expect(mail.subject).toBe("Заявки квізу «Renovation» не доходять — Вебхук");
    expect(mail.text).toContain(`https://leadquiz.example/quiz/${quiz.id}/integration`);

    // Back up: the stretch ends; failing again, the owner is told again an hour later.
    receiver.answer(200);
    clock.advance(7 * HOUR);
    await worker.runOnce();
    expect(await listed()).toBeNull();
    receiver.answer(500);
    await submitLead(quiz.publicKey);
    for (let minute = 0; minute < 200; minute += 5) {
      await worker.runOnce();
      clock.advance(5 * 60 * 1000);
    }
    expect(told).toHaveLength(2);
  });

  it("keeps delivering to other targets while one target hangs, with at most 8 sends held by it", async () => {
    const slow = await startWebhookReceiver();
    slow.hold();
    const worker = testDeliveryWorker(harness, { now: () => new Date() });
    try {
      const hanging = await harness.publishedQuiz();
      // More leads than the trial's requests: every one of them may leave.
      await grantLeadRequests(harness.t.database.db, hanging.owner.id, 100);
      await connectTarget(harness, hanging, "webhook", { url: slow.url });
      for (let i = 0; i < 12; i += 1) await submitLead(hanging.publicKey);
      const healthy = await harness.publishedQuiz();
      await connectTarget(harness, healthy, "webhook", { url: receiver.url });
      const lead = await submitLead(healthy.publicKey);

      worker.start();
      // The healthy target gets its lead although twelve older ones wait for the slow one.
      await expect
        .poll(() => receiver.received.map((r) => JSON.parse(r.body).data.lead.id), {
          timeout: 8_000,
        })
        .toContain(lead);
      expect(slow.waiting()).toBeGreaterThan(0);
      expect(slow.waiting()).toBeLessThanOrEqual(8);

      // Once the slow target answers, every one of its leads arrives, each once.
      slow.release();
      await expect.poll(() => slow.uniqueIds().length, { timeout: 20_000 }).toBe(12);
      expect(slow.received).toHaveLength(12);
    } finally {
      await worker.stop();
      slow.release();
      await slow.close();
    }
  });

  it("lets several workers share the outbox without sending a lead twice", async () => {
    const quiz = await harness.publishedQuiz();
    await grantLeadRequests(harness.t.database.db, quiz.owner.id, 100);
    await connectTarget(harness, quiz, "webhook", { url: receiver.url });
    const leadIds: number[] = [];
    for (let i = 0; i < 12; i += 1) leadIds.push(await submitLead(quiz.publicKey));
    const clock = { now: () => new Date() };
    const workers = [testDeliveryWorker(harness, clock), testDeliveryWorker(harness, clock)];
    let sent = 0;
    for (let round = 0; round < 3; round += 1) {
      const counts = await Promise.all(workers.map((w) => w.runOnce()));
      sent += counts.reduce((a, b) => a + b, 0);
    }
    expect(sent).toBe(12);
    expect(receiver.received).toHaveLength(12);
    expect(receiver.uniqueIds()).toHaveLength(12);
    const rows = (await deliveryRows(harness)).filter((d) => leadIds.includes(d.leadId));
    expect(rows.every((d) => d.status === "delivered" && d.attempts === 1)).toBe(true);
  });
});
