import type { deliveries } from "../db/schema";
import { createOutgoingHttp } from "../integrations/http/outgoing-http";
import { manualClock, testDeliveryWorker } from "./delivery-fixtures";
import type { FakeRequest } from "./fake-target";
import type { TargetHarness } from "./target-harness";

/** The outgoing client's time-out in these tests (10 s in production). */
export const LOST_ANSWER_TIMEOUT_MS = 400;
/** When the fake answers the create it processed: after the client gave up. */
const LATE_ANSWER_MS = LOST_ANSWER_TIMEOUT_MS + 600;

/**
 * A lead whose first create the target processes but answers after the time-out
 * (docs/delivery.md "Exactly once at the target"): the worker's try times out and is retried
 * an hour later. Answers the delivery after the first try and after the retry.
 */
export async function deliverThroughLostAnswer(
  h: TargetHarness,
  fake: { answerLate(delayMs: number, matches: (request: FakeRequest) => boolean): void },
  isCreate: (request: FakeRequest) => boolean,
  contacts?: Parameters<TargetHarness["submitLead"]>[0],
): Promise<{
  lost: typeof deliveries.$inferSelect | undefined;
  after: typeof deliveries.$inferSelect | undefined;
}> {
  const http = createOutgoingHttp({
    allowPrivateNetworks: true,
    timeoutMs: LOST_ANSWER_TIMEOUT_MS,
  });
  const leadId = await h.submitLead(contacts);
  const clock = manualClock();
  const worker = testDeliveryWorker(h.harness, clock, undefined, http);
  fake.answerLate(LATE_ANSWER_MS, isCreate);
  await worker.runOnce();
  const lost = await h.deliveryOf(leadId);
  // The late answer goes out (to nobody) before the retry, as it would in the real world.
  await new Promise((resolve) => setTimeout(resolve, LATE_ANSWER_MS));
  clock.advance(60 * 60 * 1000);
  await worker.runOnce();
  return { lost, after: await h.deliveryOf(leadId) };
}
