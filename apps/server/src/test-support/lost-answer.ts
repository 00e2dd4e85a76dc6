import { expect, it } from "vitest";
import type { IntegrationType } from "../db/schema";
import { createOutgoingHttp } from "../integrations/http/outgoing-http";
import type { DeliveryAdapter } from "../integrations/types";
import { manualClock, testDeliveryAdapters, testDeliveryWorker } from "./delivery-fixtures";
import type { TargetHarness } from "./target-harness";

/** The outgoing time-out of these tests (the real one is 10 s, docs/delivery.md). */
export const LOST_ANSWER_TIMEOUT_MS = 300;
/** How late a slow fake answers a create: well after the client gave up. */
export const LATE_ANSWER_MS = LOST_ANSWER_TIMEOUT_MS * 4;

/** A target's fake that can process a create at once and answer it only after `ms`. */
export interface SlowTarget {
  answerLate(ms: number | null): void;
}

/**
 * The lost-answer case of docs/delivery.md "Exactly once at the target": a visitor's lead
 * whose first create `fake` processes but answers only after the client's time-out, then the
 * worker's retry an hour later (`retry()` runs the worker again an hour after that). `adapt`
 * changes the target's adapter (a negative control turns its lookup off); `beforeRetry` runs
 * after the lost try, before the retry.
 */
export async function throughLostAnswer(
  h: TargetHarness,
  fake: SlowTarget,
  type: IntegrationType,
  options: {
    adapt?: (adapter: DeliveryAdapter) => DeliveryAdapter;
    beforeRetry?: () => void;
  } = {},
) {
  const http = createOutgoingHttp({
    allowPrivateNetworks: true,
    timeoutMs: LOST_ANSWER_TIMEOUT_MS,
  });
  const adapters = testDeliveryAdapters(h.harness, http);
  const adapter = options.adapt ? options.adapt(adapters[type]) : adapters[type];
  const leadId = await h.submitLead();
  const clock = manualClock();
  const worker = testDeliveryWorker(h.harness, clock, undefined, { ...adapters, [type]: adapter });
  fake.answerLate(LATE_ANSWER_MS);
  try {
    await worker.runOnce();
  } finally {
    fake.answerLate(null);
  }
  const lost = await h.deliveryOf(leadId);
  options.beforeRetry?.();
  const retry = async () => {
    clock.advance(60 * 60 * 1000);
    await worker.runOnce();
    return h.deliveryOf(leadId);
  };
  return { leadId, lost, retried: await retry(), retry, clock };
}

/** A CRM or mailing target as the lost-answer tests see it. */
export interface LostAnswerTarget {
  type: IntegrationType;
  /** Read in the tests (set up in the file's `beforeAll`, the integration connected). */
  harness: () => TargetHarness;
  /** Its fake; `limit(true)` makes it refuse every call, the lookup included. */
  fake: () => SlowTarget & { limit(on: boolean): void };
  /** The records the fake holds for one of our leads. */
  recordsOf(leadId: number): Record<string, unknown>[];
  /** What the delivery log says while the fake refuses the lookup. */
  refusal: { lastStatusCode: number; lastError: string };
  /** More checks of the lookup request the fake received, after the retry found the record. */
  checkLookup?: () => void;
}

/**
 * The lost-answer tests every CRM and mailing target has (docs/delivery.md, "Exactly once at
 * the target"): a lost answer ends with exactly one record and the delivery `delivered` with
 * its id; the same without the lookup makes two (the negative control); a lookup the target
 * refuses creates nothing, and the next one finds the record.
 */
export function lostAnswerTests(target: LostAnswerTarget) {
  const { type, recordsOf } = target;
  it("a retry after a lost answer finds the record the lost try made and keeps its id", async () => {
    const { leadId, lost, retried } = await throughLostAnswer(
      target.harness(),
      target.fake(),
      type,
    );
    expect(lost).toMatchObject({ status: "retrying", attempts: 1 });
    const [only, ...more] = recordsOf(leadId);
    expect(more).toEqual([]);
    expect(retried).toMatchObject({ status: "delivered", remoteId: String(only?.id) });
    target.checkLookup?.();
  });

  it("without the lookup (negative control) the retry makes a second record", async () => {
    const { leadId, retried } = await throughLostAnswer(target.harness(), target.fake(), type, {
      adapt: (adapter) => ({ ...adapter, retrySafety: "none" }),
    });
    expect(retried?.status).toBe("delivered");
    expect(recordsOf(leadId)).toHaveLength(2);
  });

  it("a lookup the target refuses creates nothing; the next one finds the record", async () => {
    const fake = target.fake();
    const { leadId, retried, retry } = await throughLostAnswer(target.harness(), fake, type, {
      beforeRetry: () => fake.limit(true),
    });
    fake.limit(false);
    expect(retried).toMatchObject({ status: "retrying", ...target.refusal });
    expect(recordsOf(leadId)).toHaveLength(1);
    const after = await retry();
    expect(recordsOf(leadId)).toHaveLength(1);
    expect(after).toMatchObject({
      status: "delivered",
      remoteId: String(recordsOf(leadId)[0]?.id),
    });
  });
}
