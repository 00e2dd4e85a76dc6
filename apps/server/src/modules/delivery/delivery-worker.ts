import type { FastifyBaseLogger as Logger } from "fastify";
import type { Database } from "../../db/client";
import type { IntegrationType } from "../../db/schema";
import { sendOnce } from "../../integrations/exactly-once";
import type { DeliveryAdapter, SendOutcome } from "../../integrations/types";
import type { SecretBox } from "../../lib/secret-box";
import {
  type DeliveryGate,
  releaseForDeliveries,
  resumeAwaitingDeliveries,
} from "./awaiting-deliveries";
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
  /** Deliveries in flight at once (each waits up to the 10 s time-out of its target). */
  concurrency?: number;
  /** Of those, at most this many to one integration: a slow target cannot take them all. */
  perTarget?: number;
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
  /** Claims what is due now (up to the concurrency) and sends it; answers how many were sent. */
  runOnce(): Promise<number>;
  /** Works the outbox until `stop`. */
  start(): void;
  /** Stops claiming and waits for the sends in hand. */
  stop(): Promise<void>;
}

/**
 * The delivery worker (docs/delivery.md, "Pipeline"): claims due rows of the outbox, sends
 * each through its target's adapter and records the outcome with the retry policy. A lead
 * not yet released is released first (one request) or its delivery waits for requests; the
 * waiting ones of accounts that have requests again are made due before each claim. Up to
 * `concurrency` sends are in flight, at most `perTarget` of them to one integration; a
 * free slot is filled at once, so a send that takes 10 s holds up only its own slot.
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const {
    db,
    log,
    adapters,
    box,
    clock = systemClock,
    concurrency = 32,
    perTarget = 8,
    leaseMs = 30_000,
    idleMs = 1_000,
    random,
    onTargetFailing,
  } = options;
  let running = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;

  async function sendOne(work: DeliveryWork, gate: DeliveryGate): Promise<void> {
    const { delivery, integration } = work;
    const now = clock.now();
    let outcome: SendOutcome;
    if (!integration.isEnabled) {
      outcome = { kind: "failed", statusCode: null, error: "integration_disabled", disable: false };
    } else if (gate === "erased") {
      outcome = { kind: "skipped", statusCode: null, error: "lead_erased" };
    } else {
      try {
        outcome = await sendOnce(adapters[integration.type], {
          eventId: delivery.eventId,
          lead: deliveryLeadOf(work.lead, work.quiz),
          settings: integration.settings,
          secrets: integration.secrets ? JSON.parse(box.open(integration.secrets)) : {},
          language: work.language,
          now,
          test: false,
          credentials: integrationCredentials(db, box, integration.id),
          // A try before this one, or a resend the owner asked for after tries.
          mayHaveLanded: delivery.attempts > 1 || delivery.lastAttemptAt !== null,
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
    // A skipped lead says nothing about the target's health: the failing stretch stays as is.
    if (integration.isEnabled && outcome.kind !== "skipped") {
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

  /** When the waiting deliveries were last looked at (at most once per `idleMs` while busy). */
  let resumedAt = Number.NEGATIVE_INFINITY;

  /** Makes the waiting deliveries of accounts that have requests again due now. */
  async function resume(): Promise<void> {
    resumedAt = Date.now();
    try {
      const due = await resumeAwaitingDeliveries(db, clock.now());
      if (due > 0) log.info({ due }, "deliveries waiting for requests are due");
    } catch (error) {
      log.error({ err: error }, "the delivery worker could not release waiting deliveries");
    }
  }

  /** Sends in flight, and how many of them go to each integration. */
  const inFlight = new Set<Promise<void>>();
  const perIntegration = new Map<number, number>();

  function track(work: DeliveryWork, gate: DeliveryGate): Promise<void> {
    const id = work.integration.id;
    perIntegration.set(id, (perIntegration.get(id) ?? 0) + 1);
    const send: Promise<void> = sendOne(work, gate)
      .catch((error: unknown) => {
        log.error({ err: error, delivery: work.delivery.id }, "a delivery could not be recorded");
      })
      .finally(() => {
        inFlight.delete(send);
        const left = (perIntegration.get(id) ?? 1) - 1;
        if (left === 0) perIntegration.delete(id);
        else perIntegration.set(id, left);
      });
    inFlight.add(send);
    return send;
  }

  /** Claims up to the free slots, skipping integrations that already have all theirs. */
  async function claim(): Promise<Promise<void>[]> {
    const free = concurrency - inFlight.size;
    if (free <= 0) return [];
    const busy = [...perIntegration].filter(([, n]) => n >= perTarget).map(([id]) => id);
    const ids = await claimDueDeliveries(db, clock.now(), free, leaseMs, { perTarget, busy });
    const work = await loadDeliveryWork(db, ids);
    // The oldest lead's send starts first (the claim's rows come back in no set order).
    work.sort((x, y) => x.delivery.id - y.delivery.id);
    // A lead's contacts leave only once it is released (one request, the first time): the
    // claim's leads not released yet are released, oldest first, or their deliveries wait.
    const gates = await releaseForDeliveries(
      db,
      work
        .filter((w) => w.integration.isEnabled && !w.lead.isOpened)
        .map((w) => ({ id: w.delivery.id, userId: w.lead.userId, leadId: w.lead.id })),
    );
    const sends: Promise<void>[] = [];
    for (const w of work) {
      const gate = gates.get(w.delivery.id) ?? "send";
      if (gate === "awaiting")
        log.info({ delivery: w.delivery.id }, "a delivery waits for a request");
      else sends.push(track(w, gate));
    }
    return sends;
  }

  async function runOnce(): Promise<number> {
    await resume();
    const sends = await claim();
    await Promise.all(sends);
    return sends.length;
  }

  /** Resolves after `ms`, or earlier when a send ends or the worker stops. */
  function pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
      for (const send of inFlight) void send.then(() => wakeUp?.());
    });
  }

  async function work() {
    while (running) {
      if (Date.now() - resumedAt >= idleMs) await resume();
      let claimed = 0;
      try {
        claimed = (await claim()).length;
      } catch (error) {
        log.error({ err: error }, "the delivery worker could not read the outbox");
      }
      // Nothing new due, or every slot taken: wait for a slot or the next look.
      if (claimed === 0 && running) await pause(idleMs);
      wakeUp = undefined;
    }
    await Promise.all(inFlight);
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
