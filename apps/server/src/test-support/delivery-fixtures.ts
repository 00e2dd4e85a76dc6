import pino from "pino";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { deliveries, type IntegrationType } from "../db/schema";
import type { OutgoingHttp } from "../integrations/http/outgoing-http";
import { newWebhookSecret } from "../integrations/webhook/webhook-signature";
import { createSecretBox } from "../lib/secret-box";
import type { FailingTarget } from "../modules/delivery/delivery.repository";
import { createDeliveryAdapters } from "../modules/delivery/delivery-adapters";
import {
  type Clock,
  createDeliveryWorker,
  type DeliveryAdapters,
  type DeliveryWorkerOptions,
} from "../modules/delivery/delivery-worker";
import { insertIntegration } from "../modules/delivery/integrations.repository";
import { createLeadsHarness, type LeadsHarness, type PublishedQuiz } from "./leads-fixtures";
import { startWebhookReceiver, type WebhookReceiver } from "./webhook-receiver";

/** A clock the test moves by hand (the worker's retries span days). */
export interface ManualClock extends Clock {
  advance(ms: number): void;
  set(at: Date): void;
}

export function manualClock(start = new Date()): ManualClock {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
    },
    set(at) {
      current = at.getTime();
    },
  };
}

/** How many sends a test worker keeps in flight (the defaults unless a test says). */
export type WorkerSlots = Pick<
  DeliveryWorkerOptions,
  "concurrency" | "perTarget" | "initialPerTarget" | "fastAnswerMs"
>;

/** The real adapters of the harness's configuration (`http`: another outgoing client). */
export function testDeliveryAdapters(harness: LeadsHarness, http?: OutgoingHttp) {
  const { t } = harness;
  return createDeliveryAdapters({
    config: { ...t.config, integrationsAllowPrivateNetworks: true },
    mailer: t.app.mailer,
    ...(http ? { http } : {}),
  });
}

/** A delivery worker on the harness's database with the real adapters (or `adapters`) and `clock`. */
export function testDeliveryWorker(
  harness: LeadsHarness,
  clock: Clock,
  onTargetFailing?: (target: FailingTarget) => void,
  adapters: DeliveryAdapters = testDeliveryAdapters(harness),
  slots: WorkerSlots = {},
) {
  const { t } = harness;
  return createDeliveryWorker({
    db: t.database.db,
    log: pino({ level: "silent" }),
    adapters,
    box: createSecretBox(t.config.encryptionKey ?? ""),
    clock,
    // No jitter: the schedule a test reads is the policy's own.
    random: () => 0.5,
    ...(onTargetFailing ? { onTargetFailing } : {}),
    ...slots,
  });
}

/** Connects an integration straight in the database (the API's own tests go through it). */
export async function connectTarget(
  harness: LeadsHarness,
  quiz: PublishedQuiz,
  type: IntegrationType,
  settings: Record<string, string>,
  options: { enabled?: boolean; secret?: string } = {},
) {
  const box = createSecretBox(harness.t.config.encryptionKey ?? "");
  const secret = options.secret ?? newWebhookSecret();
  const row = await insertIntegration(harness.t.database.db, {
    quizId: quiz.id,
    userId: quiz.owner.id,
    type,
    settings,
    secrets: type === "webhook" || type === "hook" ? box.seal(JSON.stringify({ secret })) : "",
    isEnabled: options.enabled ?? true,
  });
  return { ...row, secret };
}

export function deliveryRows(harness: LeadsHarness) {
  return harness.t.database.db.select().from(deliveries).orderBy(deliveries.id);
}

/** A leads harness whose deliveries go to a webhook receiver on loopback, worked by hand. */
export interface ReceivingHarness {
  harness: LeadsHarness;
  receiver: WebhookReceiver;
  /** A published quiz of its own owner. */
  quiz: PublishedQuiz;
}

/**
 * Inside a `describe` (or at the top of a file): a fresh harness (no in-process worker,
 * private addresses allowed) and receiver for its tests, the receiver answering 200 with
 * nothing received at the start of each test. Read the fields in the tests.
 */
export function useReceivingHarness(): ReceivingHarness {
  const context = {} as ReceivingHarness;
  beforeAll(async () => {
    context.receiver = await startWebhookReceiver();
    context.harness = await createLeadsHarness({
      JOBS_IN_PROCESS: "false",
      INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: "true",
    });
    context.quiz = await context.harness.publishedQuiz();
  });
  afterAll(async () => {
    await context.harness?.close();
    await context.receiver?.close();
  });
  beforeEach(() => {
    context.receiver.answer(200);
    context.receiver.received.length = 0;
  });
  return context;
}
