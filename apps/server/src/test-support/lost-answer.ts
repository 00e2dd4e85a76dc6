import { eq } from "drizzle-orm";
import { deliveries, type IntegrationType } from "../db/schema";
import { createOutgoingHttp } from "../integrations/http/outgoing-http";
import type { DeliveryAdapter } from "../integrations/types";
import { manualClock, testDeliveryAdapters, testDeliveryWorker } from "./delivery-fixtures";
import type { LeadsHarness } from "./leads-fixtures";

/**
 * The outgoing time-out of a lost-answer test (the real one is 10 s, docs/delivery.md
 * "The pipeline"): a fake told to answer creates after LOST_ANSWER_DELAY_MS has made the
 * record, and the client has given up on its answer.
 */
export const LOST_ANSWER_TIMEOUT_MS = 300;
export const LOST_ANSWER_DELAY_MS = 900;

/**
 * A lead's delivery through a target whose first create is made but answered too late
 * (docs/delivery.md, "Exactly once at the target"): the worker tries once (the answer is
 * lost), the fake is set to answer at once, and an hour later the worker tries again.
 * `submit` leaves the lead (answers its id); `slow(on)` switches the fake's late answers;
 * `change` may replace the target's adapter (a negative control). Answers the delivery row
 * after the first and after the second try, and `again()`: another try an hour later.
 */
export async function throughLostAnswer(
  harness: LeadsHarness,
  target: IntegrationType,
  steps: {
    submit(): Promise<number>;
    slow(on: boolean): void;
    change?: (adapter: DeliveryAdapter) => DeliveryAdapter;
    /** Runs before the retry (e.g. the target's lookups start failing). */
    beforeRetry?: () => void;
  },
) {
  const http = createOutgoingHttp({
    allowPrivateNetworks: true,
    timeoutMs: LOST_ANSWER_TIMEOUT_MS,
  });
  const adapters = testDeliveryAdapters(harness, http);
  if (steps.change) adapters[target] = steps.change(adapters[target]);
  const row = async (leadId: number) =>
    (await harness.t.database.db.select().from(deliveries).where(eq(deliveries.leadId, leadId)))[0];

  steps.slow(true);
  const leadId = await steps.submit();
  // The clock starts once the lead is in: its delivery is due.
  const clock = manualClock(new Date(Date.now() + 1000));
  const worker = testDeliveryWorker(harness, clock, undefined, adapters);
  try {
    await worker.runOnce();
  } finally {
    steps.slow(false);
  }
  // The late answer arrives (and is thrown away) before the retry.
  await new Promise((resolve) => setTimeout(resolve, LOST_ANSWER_DELAY_MS));
  const first = await row(leadId);
  steps.beforeRetry?.();
  const again = async () => {
    clock.advance(60 * 60 * 1000);
    await worker.runOnce();
    return row(leadId);
  };
  return { first, after: await again(), again };
}
