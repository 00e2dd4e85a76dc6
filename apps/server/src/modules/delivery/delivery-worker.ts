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
  postponeTarget,
  recordTargetHealth,
  recordTries,
  type TryRecord,
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
  /**
   * Of those, at most this many to one integration, however well it answers: a slow target
   * cannot take them all, and no receiver gets more at once.
   */
  perTarget?: number;
  /**
   * Where each integration's own limit starts: it grows by one with each answer that came
   * within a second, up to `perTarget`, and halves on an answer to try later (429, 5xx, a
   * time-out): docs/delivery.md "The pipeline".
   */
  initialPerTarget?: number;
  /** An answer within this long lets its target's limit grow (1 s). */
  fastAnswerMs?: number;
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

/**
 * Targets sent one lead at a time: Telegram shows a chat's messages in the order they were
 * sent and limits a bot to about one message a second per chat (docs/delivery.md
 * "The pipeline").
 */
export const ONE_AT_A_TIME: readonly IntegrationType[] = ["telegram"];

export interface DeliveryWorker {
  /** Claims what is due now (up to the concurrency) and sends it; answers how many were sent. */
  runOnce(): Promise<number>;
  /** Works the outbox until `stop`. */
  start(): void;
  /** Stops claiming and waits for the sends in hand. */
  stop(): Promise<void>;
}

/** What this worker knows of one integration it sends to. */
interface TargetState {
  /** How many of its deliveries may be in flight now (adaptive, 1 … perTarget). */
  limit: number;
  inFlight: number;
  /** No send before this (clock ms): the target asked to wait (Retry-After). */
  pausedUntil: number;
  /** When this worker last sent to it (clock ms), to forget targets long unused. */
  usedAt: number;
}

/** A try that ended, waiting to be written with the others that ended meanwhile. */
interface EndedTry {
  work: DeliveryWork;
  outcome: SendOutcome;
  record: TryRecord;
  resolve(): void;
  reject(error: unknown): void;
}

/** A target this worker has not sent to for this long is forgotten (its limit starts again). */
const FORGET_TARGET_AFTER_MS = 10 * 60 * 1000;

interface TargetLimits {
  clock: Clock;
  perTarget: number;
  initialPerTarget: number;
  fastAnswerMs: number;
}

/** What the worker knows of the integrations it sends to: their limits, pauses and use. */
function createTargets({ clock, perTarget, initialPerTarget, fastAnswerMs }: TargetLimits) {
  const targets = new Map<number, TargetState>();
  function targetOf(work: DeliveryWork): TargetState {
    const id = work.integration.id;
    let target = targets.get(id);
    if (!target) {
      const one = ONE_AT_A_TIME.includes(work.integration.type);
      target = { limit: one ? 1 : initialPerTarget, inFlight: 0, pausedUntil: 0, usedAt: 0 };
      targets.set(id, target);
    }
    return target;
  }

  /** A target's limit after an answer: one more after a quick success, half after "later". */
  function adapt(work: DeliveryWork, outcome: SendOutcome, tookMs: number, at: Date): void {
    const target = targetOf(work);
    if (ONE_AT_A_TIME.includes(work.integration.type)) target.limit = 1;
    else if (outcome.kind === "delivered" && tookMs < fastAnswerMs) {
      target.limit = Math.min(target.limit + 1, perTarget);
    } else if (outcome.kind === "retry") {
      target.limit = Math.max(1, Math.floor(target.limit / 2));
    }
    if (outcome.kind === "retry" && outcome.retryAfterMs) {
      target.pausedUntil = Math.max(target.pausedUntil, at.getTime() + outcome.retryAfterMs);
    }
  }

  function forgetUnused(): void {
    const now = clock.now().getTime();
    for (const [id, target] of targets) {
      if (
        target.inFlight === 0 &&
        target.pausedUntil <= now &&
        now - target.usedAt > FORGET_TARGET_AFTER_MS
      ) {
        targets.delete(id);
      }
    }
  }

  /** Each known integration's room: its limit less what is in flight to it; none while paused. */
  function rooms(now: Date): Map<number, number> {
    const rooms = new Map<number, number>();
    for (const [id, target] of targets) {
      rooms.set(id, target.pausedUntil > now.getTime() ? 0 : target.limit - target.inFlight);
    }
    return rooms;
  }

  return { targetOf, adapt, forgetUnused, rooms };
}

/** The answer of a try that is not sent: its integration is switched off, or its lead erased. */
function unsentOutcome(work: DeliveryWork, gate: DeliveryGate): SendOutcome | undefined {
  if (!work.integration.isEnabled) {
    return { kind: "failed", statusCode: null, error: "integration_disabled", disable: false };
  }
  if (gate === "erased") return { kind: "skipped", statusCode: null, error: "lead_erased" };
  return undefined;
}

/** Sends one delivery through its target's adapter (exactly once); an adapter's throw is a retry. */
async function sendThrough(
  { db, log, adapters, box }: DeliveryWorkerOptions,
  work: DeliveryWork,
  now: Date,
): Promise<SendOutcome> {
  const { delivery, integration } = work;
  try {
    return await sendOnce(adapters[integration.type], {
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
    return { kind: "retry", statusCode: null, error: "internal_error", retryAfterMs: null };
  }
}

interface TryWriterDeps {
  db: Database;
  log: Logger;
  clock: Clock;
  onTargetFailing: ((target: FailingTarget) => void) | undefined;
}

/**
 * Writes ended tries: those that end while the previous ones are being written are written
 * together, in one statement. `write` resolves once its try is written.
 */
function createTryWriter({ db, log, clock, onTargetFailing }: TryWriterDeps) {
  /** Tries that ended and are not written yet, and the write under way. */
  const ended: EndedTry[] = [];
  let writing = false;

  /**
   * Writes the ended tries, all those that ended meanwhile at each turn, until none is left
   * (it never throws: a failed write fails the sends of its batch).
   */
  async function writeEnded(): Promise<void> {
    // After the answers that came in meanwhile are read (the I/O of this turn of the event
    // loop), so they are written together.
    await new Promise<void>((resolve) => setImmediate(resolve));
    while (ended.length > 0) {
      const batch = ended.splice(0);
      try {
        await writeTries(batch);
        for (const entry of batch) entry.resolve();
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    writing = false;
  }

  /**
   * One statement for the tries, then per integration of the batch: switched off on a 410,
   * every delivery of it postponed when it asked to wait, and its health as of its last try.
   */
  async function writeTries(batch: readonly EndedTry[]): Promise<void> {
    await recordTries(
      db,
      batch.map((entry) => ({ ...entry.record, id: entry.work.delivery.id })),
    );
    const byIntegration = new Map<number, EndedTry[]>();
    for (const entry of batch) {
      const id = entry.work.integration.id;
      byIntegration.set(id, [...(byIntegration.get(id) ?? []), entry]);
    }
    for (const [id, entries] of byIntegration) {
      if (entries.some((e) => e.outcome.kind === "failed" && e.outcome.disable)) {
        await disableIntegration(db, id, "gone");
      }
      const waitUntil = Math.max(
        0,
        ...entries.map((e) =>
          e.outcome.kind === "retry" && e.outcome.retryAfterMs
            ? e.record.at.getTime() + e.outcome.retryAfterMs
            : 0,
        ),
      );
      if (waitUntil > 0) await postponeTarget(db, id, new Date(waitUntil), clock.now());
      await recordHealth(id, entries);
      for (const { work, record, outcome } of entries) {
        log.info(
          {
            delivery: work.delivery.id,
            integration: id,
            target: work.integration.type,
            status: record.status,
            statusCode: outcome.statusCode,
          },
          "delivery tried",
        );
      }
    }
  }

  /**
   * The failing stretch of an integration after its tries of one batch, in the order they
   * ended: as if each had been recorded on its own (a success ends the stretch, a failure
   * after it starts a new one). A skipped lead says nothing about the target's health.
   */
  async function recordHealth(id: number, entries: readonly EndedTry[]): Promise<void> {
    const counted = entries.filter(
      (e) => e.work.integration.isEnabled && e.outcome.kind !== "skipped",
    );
    const lastOk = counted.findLastIndex((e) => e.outcome.kind === "delivered");
    const lastOkEntry = counted[lastOk];
    if (lastOkEntry) {
      await recordTargetHealth(db, id, true, lastOkEntry.record.at, NOTIFY_FAILING_AFTER_MS);
    }
    const lastFailure = counted.length > lastOk + 1 ? counted.at(-1) : undefined;
    if (lastFailure) {
      const failing = await recordTargetHealth(
        db,
        id,
        false,
        lastFailure.record.at,
        NOTIFY_FAILING_AFTER_MS,
      );
      if (failing) onTargetFailing?.(failing);
    }
  }

  function write(entry: Omit<EndedTry, "resolve" | "reject">): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      ended.push({ ...entry, resolve, reject });
      if (!writing) {
        writing = true;
        void writeEnded();
      }
    });
  }

  return { write };
}

interface WorkLoopDeps {
  log: Logger;
  idleMs: number;
  /** Sends in flight (each until its try is written). */
  inFlight: ReadonlySet<Promise<void>>;
  /** Makes waiting deliveries due, at most once per `idleMs` while busy. */
  resumeIfDue(): Promise<void>;
  claim(): Promise<{ asked: number; claimed: number }>;
}

/** The loop that works the outbox between `start` and `stop`. */
function createWorkLoop({ log, idleMs, inFlight, resumeIfDue, claim }: WorkLoopDeps) {
  let running = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;

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
      await resumeIfDue();
      let full = false;
      try {
        const { asked, claimed } = await claim();
        full = asked > 0 && claimed === asked;
      } catch (error) {
        log.error({ err: error }, "the delivery worker could not read the outbox");
      }
      // Fewer due than slots asked for (nothing more due, or no room left at the targets
      // that have more): wait for a send to end or the next look.
      if (!full && running) {
        await pause(idleMs);
        // The sends written with the one that woke the loop end in the same turn: let them
        // all free their slots, so one claim fills them together.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      wakeUp = undefined;
    }
    await Promise.all(inFlight);
  }

  return {
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

/**
 * The delivery worker (docs/delivery.md, "Pipeline"): claims due rows of the outbox, sends
 * each through its target's adapter and records the outcome with the retry policy. A lead
 * not yet released is released first (one request) or its delivery waits for requests; the
 * waiting ones of accounts that have requests again are made due before each claim. Up to
 * `concurrency` sends are in flight, at most each integration's own limit (adaptive, never
 * above `perTarget`) to one integration; free slots are filled by one claim, so a send that
 * takes 10 s holds up only its own slot. The tries that end while the previous ones are
 * being written are written together, in one statement.
 */
export function createDeliveryWorker(options: DeliveryWorkerOptions): DeliveryWorker {
  const {
    db,
    log,
    clock = systemClock,
    concurrency = 64,
    perTarget = 32,
    leaseMs = 30_000,
    idleMs = 1_000,
    fastAnswerMs = 1_000,
    random,
    onTargetFailing,
  } = options;
  const initialPerTarget = Math.min(options.initialPerTarget ?? 8, perTarget);
  const targets = createTargets({ clock, perTarget, initialPerTarget, fastAnswerMs });
  const writer = createTryWriter({ db, log, clock, onTargetFailing });

  async function sendOne(work: DeliveryWork, gate: DeliveryGate): Promise<void> {
    const now = clock.now();
    const started = performance.now();
    const outcome = unsentOutcome(work, gate) ?? (await sendThrough(options, work, now));
    const after = clock.now();
    targets.adapt(work, outcome, performance.now() - started, after);
    const state = nextState(outcome, work.delivery, after, random);
    await writer.write({
      work,
      outcome,
      record: {
        status: state.status,
        nextAttemptAt: state.nextAttemptAt,
        statusCode: outcome.statusCode,
        error: state.error,
        remoteId: outcome.kind === "delivered" ? outcome.remoteId : null,
        at: after,
      },
    });
  }

  /** When the waiting deliveries were last looked at (at most once per `idleMs` while busy). */
  let resumedAt = Number.NEGATIVE_INFINITY;

  /** Makes the waiting deliveries of accounts that have requests again due now. */
  async function resume(): Promise<void> {
    resumedAt = Date.now();
    targets.forgetUnused();
    try {
      const due = await resumeAwaitingDeliveries(db, clock.now());
      if (due > 0) log.info({ due }, "deliveries waiting for requests are due");
    } catch (error) {
      log.error({ err: error }, "the delivery worker could not release waiting deliveries");
    }
  }

  /** Sends in flight (each until its try is written). */
  const inFlight = new Set<Promise<void>>();

  function track(work: DeliveryWork, gate: DeliveryGate): Promise<void> {
    const target = targets.targetOf(work);
    target.inFlight += 1;
    target.usedAt = clock.now().getTime();
    const send: Promise<void> = sendOne(work, gate)
      .catch((error: unknown) => {
        log.error({ err: error, delivery: work.delivery.id }, "a delivery could not be recorded");
      })
      .finally(() => {
        inFlight.delete(send);
        target.inFlight -= 1;
      });
    inFlight.add(send);
    return send;
  }

  /**
   * Claims up to the free slots, each integration up to its room (its limit less what is in
   * flight to it; none while it asked to wait). Answers the sends started, and how many rows
   * were asked for and claimed.
   */
  async function claim(): Promise<{ sends: Promise<void>[]; asked: number; claimed: number }> {
    const free = concurrency - inFlight.size;
    if (free <= 0) return { sends: [], asked: 0, claimed: 0 };
    const now = clock.now();
    const ids = await claimDueDeliveries(db, now, free, leaseMs, {
      perTarget: initialPerTarget,
      rooms: targets.rooms(now),
      oneAtATime: ONE_AT_A_TIME,
    });
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
    return { sends, asked: free, claimed: ids.length };
  }

  const loop = createWorkLoop({
    log,
    idleMs,
    inFlight,
    resumeIfDue: async () => {
      if (Date.now() - resumedAt >= idleMs) await resume();
    },
    claim,
  });

  return {
    async runOnce() {
      await resume();
      const { sends } = await claim();
      await Promise.all(sends);
      return sends.length;
    },
    start: loop.start,
    stop: loop.stop,
  };
}
