import { apiPaths } from "@leadquiz/contract";
import { eq } from "drizzle-orm";
import { deliveries } from "../db/schema";
import type { Clock } from "../modules/delivery/delivery-worker";
import { apiCall, registerUser, type TestUser } from "./api-client";
import { manualClock, testDeliveryWorker } from "./delivery-fixtures";
import {
  createLeadsHarness,
  houseLead,
  type LeadsHarness,
  type PublishedQuiz,
} from "./leads-fixtures";

/**
 * The app with a published quiz, its owner and a stranger, for the tests of a delivery target
 * whose API a local fake serves (`env` points `<TARGET>_API_URL` at it).
 */
export interface TargetHarness {
  harness: LeadsHarness;
  quiz: PublishedQuiz;
  stranger: TestUser;
  call(
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    body?: unknown,
    user?: TestUser,
  ): ReturnType<typeof apiCall>;
  /** A visitor's lead (`houseLead` with `contacts` changed); answers its id. */
  submitLead(contacts?: Partial<ReturnType<typeof houseLead>["contacts"]>): Promise<number>;
  /** Runs the delivery worker once with `clock` (the real time by default). */
  deliver(clock?: Clock): Promise<void>;
  deliveryOf(leadId: number): Promise<typeof deliveries.$inferSelect | undefined>;
  /**
   * A lead sent while `target` is rate limited, then again an hour later when it is not:
   * the delivery after the first try (`limited`, at `tried`) and after the second (`after`).
   */
  throughRateLimit(
    target: { limit(on: boolean): void },
    contacts?: Partial<ReturnType<typeof houseLead>["contacts"]>,
  ): Promise<{
    limited: typeof deliveries.$inferSelect | undefined;
    after: typeof deliveries.$inferSelect | undefined;
    tried: number;
  }>;
  close(): Promise<void>;
}

export async function startTargetHarness(env: Record<string, string>): Promise<TargetHarness> {
  const harness = await createLeadsHarness({
    JOBS_IN_PROCESS: "false",
    INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: "true",
    ...env,
  });
  const quiz = await harness.publishedQuiz();
  const stranger = await registerUser(harness.t);
  const target: TargetHarness = {
    harness,
    quiz,
    stranger,
    call: (method, url, body, user = quiz.owner) =>
      apiCall(harness.t, method, url, { user, body, language: "en" }),
    async submitLead(contacts = {}) {
      const lead = houseLead();
      const response = await harness.post(
        apiPaths.publicQuizLead(quiz.publicKey),
        houseLead({ contacts: { ...lead.contacts, ...contacts } }),
      );
      return (response.json() as { lead: number }).lead;
    },
    async deliver(clock = { now: () => new Date() }) {
      await testDeliveryWorker(harness, clock).runOnce();
    },
    async deliveryOf(leadId) {
      const [row] = await harness.t.database.db
        .select()
        .from(deliveries)
        .where(eq(deliveries.leadId, leadId));
      return row;
    },
    async throughRateLimit(fake, contacts) {
      fake.limit(true);
      const leadId = await target.submitLead(contacts);
      const clock = manualClock();
      const tried = clock.now().getTime();
      await target.deliver(clock);
      const limited = await target.deliveryOf(leadId);
      fake.limit(false);
      clock.advance(60 * 60 * 1000);
      await target.deliver(clock);
      return { limited, after: await target.deliveryOf(leadId), tried };
    },
    close: () => harness.close(),
  };
  return target;
}
