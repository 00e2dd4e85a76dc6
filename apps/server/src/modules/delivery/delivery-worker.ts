import type { FastifyBaseLogger as Logger } from "fastify";
import type { Database } from "../../db/client";
import type { IntegrationType } from "../../db/schema";
import type { DeliveryAdapter, SendOutcome } from "../../integrations/types";
import type { SecretBox } from "../../lib/secret-box";
import {
  claimDueDeliveries,
  type DeliveryWork,
  disableIntegration,
  type FailingTarget,
  loadDeliveryWork,
  recordTargetHealth,
  recordTry,
} from "./delivery.repository";
import { deliveryLeadOf } from "./delivery-lead";
import { integrationCredentials } from "./integration-secrets.repository";
import { nextState } from "./retry-policy";

/** The time as the worker sees it; tests move it forward by days. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export type DeliveryAdapters = Record<IntegrationType, DeliveryAdapter>;

export interface DeliveryWorkerOptions {
  db: Database;
  log: Logger;
  adapters: DeliveryAdapters;
  box: SecretBox;
  clock?: Clock;
  /** Deliveries claimed and sent at once. */
  batchSize?: number;
  /** How long a claim holds: longer than the 10 s time-out of a send. */
  leaseMs?: number;
  /** Pause between looks at the outbox when it had nothing due. */
  idleMs?: number;
  random?: () => number;
  /** Called once per failing stretch of a target, an hour after it began failing. */
  onTargetFailing?: (target: FailingTarget) => void;
}

/** How long a target fails before its owner is told (once, not per lead). */
export const NOTIFY_FAILING_AFTER_MS = 60 * 60 * 1000;

export interface DeliveryWorker {
  /** Claims what is due now and sends it; answers how many were sent. */
  runOnce(): Promise<number>;
  /** Works the outbox until `stop`. */
  start(): void;
  /** Stops claiming and waits for the sends in hand. */
  stop(): Promise<void>;
}

/**
 * The delivery worker (docs/delivery.md, "Pipeline"): claims due rows of the outbox, sends
 * each through its target's adapter and records the outcome with the retry policy.
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const {
    db,
    log,
    adapters,
    box,
    clock = systemClock,
    batchSize = 10,
    leaseMs = 30_000,
    idleMs = 1_000,
    random,
    onTargetFailing,
  } = options;
  let running = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;

  async function sendOne(work: DeliveryWork): Promise<void> {
    const { delivery, integration } = work;
    const now = clock.now();
    let outcome: SendOutcome;
    if (!integration.isEnabled) {
      outcome = { kind: "failed", statusCode: null, error: "integration_disabled", disable: false };
    } else {
      try {
        outcome = await adapters[integration.type].send({
          eventId: delivery.eventId,
          lead: deliveryLeadOf(work.lead, work.quiz),
          settings: integration.settings,
          secrets: integration.secrets ? JSON.parse(box.open(integration.secrets)) : {},
          language: work.language,
          now,
          test: false,
          credentials: integrationCredentials(db, box, integration.id),
        });
      } catch (error) {
        log.error({ err: error, delivery: delivery.id }, "a delivery adapter failed");
        outcome = { kind: "retry", statusCode: null, error: "internal_error", retryAfterMs: null };
      }
    }
    const after = clock.now();
    const state = nextState(outcome, delivery, after, random);
    await recordTry(db, delivery.id, {
      status: state.status,
      nextAttemptAt: state.nextAttemptAt,
      statusCode: outcome.statusCode,
      error: state.error,
      remoteId: outcome.kind === "delivered" ? outcome.remoteId : null,
      at: after,
    });
    if (outcome.kind === "failed" && outcome.disable) {
      await disableIntegration(db, integration.id, "gone");
    }
    if (integration.isEnabled) {
      const failing = await recordTargetHealth(
        db,
        integration.id,
        outcome.kind === "delivered",
        after,
        NOTIFY_FAILING_AFTER_MS,
      );
      if (failing) onTargetFailing?.(failing);
    }
    log.info(
      {
        delivery: delivery.id,
        integration: integration.id,
        target: integration.type,
        status: state.status,
        statusCode: outcome.statusCode,
      },
      "delivery tried",
    );
  }

  async function runOnce(): Promise<number> {
    const ids = await claimDueDeliveries(db, clock.now(), batchSize, leaseMs);
    const work = await loadDeliveryWork(db, ids);
    await Promise.all(work.map(sendOne));
    return work.length;
  }

  async function work() {
    while (running) {
      let sent = 0;
      try {
        sent = await runOnce();
      } catch (error) {
        log.error({ err: error }, "the delivery worker could not read the outbox");
      }
      if (sent === 0 && running) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, idleMs);
          wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wakeUp = undefined;
      }
    }
  }

  return {
    runOnce,
    start() {
      if (running) return;
      running = true;
      loop = work();
    },
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
    },
  };
}
