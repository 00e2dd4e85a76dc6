import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { beforeEach, describe, expect, it } from "vitest";
import { deliveries } from "../../db/schema";
import { apiPaths } from "../../test-support/api-paths";
import {
  connectTarget,
  deliveryRows,
  manualClock,
  testDeliveryWorker,
  useReceivingHarness,
  type WorkerSlots,
} from "../../test-support/delivery-fixtures";
import {
  houseLead,
  type LeadsHarness,
  type PublishedQuiz,
} from "../../test-support/leads-fixtures";
import type { WebhookReceiver } from "../../test-support/webhook-receiver";
import { grantLeadRequests } from "../tariffs";
import { claimDueDeliveries } from "./delivery.repository";
import { ONE_AT_A_TIME } from "./delivery-worker";

/**
 * How many sends the worker keeps in flight to one target (docs/delivery.md "The pipeline"):
 * counted at the receiver, which holds every request until the test answers it.
 */
interface HoldingReceiver {
  url: string;
  /** Requests received and not answered yet. */
  waiting(): number;
  /** The most requests it has held at once. */
  mostAtOnce(): number;
  /** Webhook-ids received, each once. */
  uniqueIds(): Set<string>;
  /** Answers every request held now with `status`. */
  answerAll(status?: number): void;
  /** Answers the oldest request held now. */
  answerOne(status?: number): void;
  close(): Promise<void>;
}

async function startHoldingReceiver(): Promise<HoldingReceiver> {
  const held: ServerResponse[] = [];
  const ids = new Set<string>();
  let most = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      ids.add(String(request.headers["webhook-id"]));
      held.push(response);
      most = Math.max(most, held.length);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const answer = (response: ServerResponse, status: number) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(status < 300 ? '{"ok":true}' : '{"error":"busy"}');
  };
  return {
    url: `http://127.0.0.1:${port}/hooks/leads`,
    waiting: () => held.length,
    mostAtOnce: () => most,
    uniqueIds: () => ids,
    answerAll(status = 200) {
      for (const response of held.splice(0)) answer(response, status);
    },
    answerOne(status = 200) {
      const response = held.shift();
      if (response) answer(response, status);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of held.splice(0)) answer(response, 200);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const context = useReceivingHarness();
let harness: LeadsHarness;
let receiver: WebhookReceiver;

beforeEach(async () => {
  ({ harness, receiver } = context);
  // Each test starts with an empty outbox: deliveries of earlier tests are settled.
  await harness.t.database.db.update(deliveries).set({ status: "failed" });
});

/** A quiz whose owner may release `leads` leads, with that many leads for a webhook at `url`. */
async function backlog(url: string, leads: number): Promise<PublishedQuiz> {
  const quiz = await harness.publishedQuiz();
  await grantLeadRequests(harness.t.database.db, quiz.owner.id, leads + 10);
  await connectTarget(harness, quiz, "webhook", { url });
  for (let i = 0; i < leads; i += 1) {
    const response = await harness.post(apiPaths.publicQuizLead(quiz.publicKey), houseLead());
    expect(response.statusCode).toBe(201);
  }
  return quiz;
}

/** Runs a real-time worker with `slots` on the held receiver until `body` is done. */
async function withWorker(slots: WorkerSlots, body: () => Promise<void>): Promise<void> {
  // Every answer counts as quick: what is tested is the rule, not the machine's speed.
  const worker = testDeliveryWorker(harness, { now: () => new Date() }, undefined, undefined, {
    fastAnswerMs: 60_000,
    ...slots,
  });
  worker.start();
  try {
    await body();
  } finally {
    await worker.stop();
  }
}

describe("a backlog for one target", () => {
  it("keeps as many sends in flight to a slow but healthy target as it allows, never more", async () => {
    const slow = await startHoldingReceiver();
    try {
      await backlog(slow.url, 12);
      await withWorker({ perTarget: 4, initialPerTarget: 4 }, async () => {
        await expect.poll(() => slow.waiting(), { timeout: 10_000 }).toBe(4);
        // Answered one at a time: each answer frees one slot, which is filled again.
        for (let answered = 1; answered <= 12; answered += 1) {
          slow.answerOne();
          await expect
            .poll(() => slow.waiting(), { timeout: 10_000 })
            .toBe(Math.min(4, 12 - answered));
        }
        await expect.poll(() => slow.uniqueIds().size, { timeout: 10_000 }).toBe(12);
      });
      expect(slow.mostAtOnce()).toBe(4);
      const rows = await deliveryRows(harness);
      expect(rows.filter((d) => d.status === "delivered")).toHaveLength(12);
    } finally {
      await slow.close();
    }
  });

  it("sends more at once while the target answers well, up to the bound, and halves on a 503", async () => {
    const target = await startHoldingReceiver();
    try {
      await backlog(target.url, 30);
      await withWorker({ perTarget: 6, initialPerTarget: 2 }, async () => {
        await expect.poll(() => target.waiting(), { timeout: 10_000 }).toBe(2);
        // Two good answers: two more slots.
        target.answerAll();
        await expect.poll(() => target.waiting(), { timeout: 10_000 }).toBe(4);
        // Four more: at the bound of six, not eight.
        target.answerAll();
        await expect.poll(() => target.waiting(), { timeout: 10_000 }).toBe(6);
        target.answerAll();
        await expect.poll(() => target.waiting(), { timeout: 10_000 }).toBe(6);
        // Six "try later" answers: halved at each, down to one at a time.
        target.answerAll(503);
        await expect.poll(() => target.waiting(), { timeout: 10_000 }).toBe(1);
        target.answerOne();
        await expect.poll(() => target.waiting(), { timeout: 10_000 }).toBe(2);
      });
      expect(target.mostAtOnce()).toBe(6);
    } finally {
      await target.close();
    }
  });

  it("waits as long as Retry-After says before sending any lead to that target, in every worker", async () => {
    await backlog(receiver.url, 10);
    const clock = manualClock();
    const first = testDeliveryWorker(harness, clock);
    const second = testDeliveryWorker(harness, clock);
    receiver.answer(429, { "retry-after": "120" });
    // The first claim sends the target's first eight; all are told to come back in 2 min.
    expect(await first.runOnce()).toBe(8);
    expect(receiver.received).toHaveLength(8);

    // The other two leads are due, but the target asked for two minutes: neither this
    // worker nor another one (another process) sends them before.
    expect(await first.runOnce()).toBe(0);
    expect(await second.runOnce()).toBe(0);
    clock.advance(119_000);
    expect(await first.runOnce()).toBe(0);
    expect(await second.runOnce()).toBe(0);
    expect(receiver.received).toHaveLength(8);

    clock.advance(2_000);
    receiver.answer(200);
    for (let look = 0; look < 10; look += 1) {
      const rows = await deliveryRows(harness);
      if (rows.filter((d) => d.status === "delivered").length === 10) break;
      await first.runOnce();
    }
    expect(receiver.uniqueIds()).toHaveLength(10);
    expect(receiver.received).toHaveLength(18);
    const rows = await deliveryRows(harness);
    expect(rows.filter((d) => d.status === "delivered")).toHaveLength(10);
  });

  it("claims one Telegram lead at a time, so a chat gets its leads in order", async () => {
    const quiz = await backlog(receiver.url, 3);
    const chat = await connectTarget(harness, quiz, "telegram", { chat_id: "-100123" });
    for (let i = 0; i < 3; i += 1) await harness.submitLead(quiz);
    const claimed = await claimDueDeliveries(harness.t.database.db, new Date(), 20, 30_000, {
      perTarget: 8,
      rooms: new Map(),
      oneAtATime: ONE_AT_A_TIME,
    });
    const rows = (await deliveryRows(harness)).filter((d) => claimed.includes(d.id));
    const toChat = rows.filter((d) => d.integrationId === chat.id);
    expect(toChat).toHaveLength(1);
    // The oldest of the chat's leads.
    const oldest = Math.min(
      ...(await deliveryRows(harness))
        .filter((d) => d.integrationId === chat.id)
        .map((d) => d.leadId),
    );
    expect(toChat[0]?.leadId).toBe(oldest);
    // The webhook of the same quiz takes all six of its leads in the same claim.
    expect(rows.filter((d) => d.integrationId !== chat.id)).toHaveLength(6);
  });
});
