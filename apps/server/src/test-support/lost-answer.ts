import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { deliveries, type IntegrationType } from "../db/schema";
import { createOutgoingHttp } from "../integrations/http/outgoing-http";
import type { DeliveryAdapter } from "../integrations/types";
import { manualClock, testDeliveryAdapters, testDeliveryWorker } from "./delivery-fixtures";
import type { LeadsHarness } from "./leads-fixtures";
import type { TargetHarness } from "./target-harness";

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

/** A token CRM as the shared lost-answer tests see it (`lostAnswerTests`). */
export interface LostAnswerTarget {
  type: IntegrationType;
  /** Read in the tests (set up in the file's `beforeAll`, the integration connected). */
  harness: () => TargetHarness;
  /**
   * Its fake: `answerLate(ms)` makes each create at once and answers it after `ms` (null: at
   * once); `limit(true)` refuses every call, the lookup included.
   */
  fake: () => { answerLate(ms: number | null): void; limit(on: boolean): void };
  /** The records the fake holds for one of our leads. */
  recordsOf(leadId: number): Record<string, unknown>[];
  /** What the delivery log says while the fake refuses the lookup. */
  refusal: { lastStatusCode: number; lastError: string };
  /** More checks of the lookup request the fake received, after the retry found the record. */
  checkLookup?: () => void;
}

/**
 * The lost-answer tests of a token CRM (docs/delivery.md, "Exactly once at the target"): a
 * lost answer ends with exactly one record and the delivery `delivered` with its id; the same
 * without the lookup makes two (the negative control); a lookup the target refuses creates
 * nothing, and the next one finds the record.
 */
export function lostAnswerTests(target: LostAnswerTarget) {
  const { type, recordsOf } = target;
  const through = async (
    steps: Pick<Parameters<typeof throughLostAnswer>[2], "change" | "beforeRetry"> = {},
  ) => {
    const h = target.harness();
    const fake = target.fake();
    let leadId = 0;
    const run = await throughLostAnswer(h.harness, type, {
      submit: async () => {
        leadId = await h.submitLead();
        return leadId;
      },
      slow: (on) => fake.answerLate(on ? LOST_ANSWER_DELAY_MS : null),
      ...steps,
    });
    return { leadId, ...run };
  };

  it("a retry after a lost answer finds the record the lost try made and keeps its id", async () => {
    const { leadId, first, after } = await through();
    expect(first).toMatchObject({ status: "retrying", attempts: 1 });
    const [only, ...more] = recordsOf(leadId);
    expect(more).toEqual([]);
    expect(after).toMatchObject({ status: "delivered", attempts: 2, remoteId: String(only?.id) });
    target.checkLookup?.();
  });

  it("without the lookup (negative control) the retry makes a second record", async () => {
    const { leadId, after } = await through({
      change: (adapter) => ({ ...adapter, retrySafety: "none" }),
    });
    expect(after?.status).toBe("delivered");
    expect(recordsOf(leadId)).toHaveLength(2);
  });

  it("a lookup the target refuses creates nothing; the next one finds the record", async () => {
    const fake = target.fake();
    const { leadId, after, again } = await through({ beforeRetry: () => fake.limit(true) });
    fake.limit(false);
    expect(after).toMatchObject({ status: "retrying", ...target.refusal });
    expect(recordsOf(leadId)).toHaveLength(1);
    const delivered = await again();
    expect(recordsOf(leadId)).toHaveLength(1);
    expect(delivered).toMatchObject({
      status: "delivered",
      remoteId: String(recordsOf(leadId)[0]?.id),
    });
  });
}
