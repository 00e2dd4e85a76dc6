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
