import type { DeliveryPage } from "@leadquiz/contract";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { deliveries, integrations } from "../db/schema";
import type { FailingTarget } from "../modules/delivery/delivery.repository";
import type { Clock } from "../modules/delivery/delivery-worker";
import { apiCall, registerUser, type TestUser } from "./api-client";
import { apiPaths } from "./api-paths";
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
  /**
   * Three leads without an e-mail address, an hour apart (a mailing list's case,
   * docs/delivery.md), then the worker once more: their deliveries, what the delivery log
   * answers for `?status=skipped`, the integration's failing stretch and the "failing for an
   * hour" alerts the worker raised, and how many requests reached `target`.
   */
  withoutEmail(target: { requests: unknown[] }): Promise<{
    rows: (typeof deliveries.$inferSelect | undefined)[];
    log: DeliveryPage;
    failingSince: Date | null | undefined;
    alerts: FailingTarget[];
    requests: number;
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
    async withoutEmail(fake) {
      const before = fake.requests.length;
      const clock = manualClock();
      const alerts: FailingTarget[] = [];
      const worker = testDeliveryWorker(harness, clock, (failing) => alerts.push(failing));
      const leads: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        leads.push(await target.submitLead({ email: "" }));
        await worker.runOnce();
        clock.advance(61 * 60 * 1000);
      }
      await worker.runOnce();
      const log = await target.call("GET", `${apiPaths.quizDeliveries(quiz.id)}?status=skipped`);
      const [integration] = await harness.t.database.db
        .select({ failingSince: integrations.failingSince })
        .from(integrations)
        .where(eq(integrations.quizId, quiz.id));
      return {
        rows: await Promise.all(leads.map((id) => target.deliveryOf(id))),
        log: log.json() as DeliveryPage,
        failingSince: integration?.failingSince,
        alerts,
        requests: fake.requests.length - before,
      };
    },
    close: () => harness.close(),
  };
  return target;
}

/**
 * A mailing list and leads without e-mail (TargetHarness.withoutEmail): each skipped after one
 * try with the reason, never tried again, nothing sent, listed in the log, and the target is
 * not "failing" (no alert) however long it goes on.
 */
export function expectSkipped(result: Awaited<ReturnType<TargetHarness["withoutEmail"]>>) {
  for (const row of result.rows) {
    expect(row).toMatchObject({ status: "skipped", attempts: 1, lastError: "no_email" });
  }
  expect(result.requests).toBe(0);
  const ids = result.rows.map((row) => row?.id);
  expect(result.log.results.map((d) => d.id).sort()).toEqual(ids.sort());
  for (const delivery of result.log.results) {
    expect(delivery).toMatchObject({ status: "skipped", last_error: "no_email", attempts: 1 });
  }
  expect(result.failingSince).toBeNull();
  expect(result.alerts).toEqual([]);
}
