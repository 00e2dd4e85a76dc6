import type { DbOrTx } from "../../db/client";
import { createGroupCommit } from "../../lib/group-commit";
import { type FunnelEvent, recordFunnelEvents } from "./analytics.repository";

/** Events stored by one statement at most; a fuller queue is cut into several batches. */
const MAX_BATCH = 500;
/** Batches written at the same time (each holds a pool connection while it commits). */
const MAX_IN_FLIGHT = 2;
/** How long an event may wait for a statement: the pool's own wait for a connection. */
const MAX_WAIT_MS = 5_000;

export interface FunnelEventBatcher {
  /** Resolves once the event is committed (the caller answers 204 only then). */
  record(event: FunnelEvent): Promise<void>;
  /** Waits for every event handed over so far to be written (on shutdown). */
  drain(): Promise<void>;
}

/**
 * Group commit for funnel events (docs/analytics.md "Ingest", lib/group-commit.ts): events
 * that arrive while earlier batches are being written wait in a queue and are then written
 * together by one statement, so a busy quiz costs one commit per batch instead of one per
 * event; the events of one event-loop tick go together too. No event is answered before it
 * is stored: each request's promise settles with its batch. When a batch fails (a quiz
 * deleted in between, a deadlock with another process), its events are written one by one,
 * so one bad event fails only its own request.
 */
export function createFunnelEventBatcher(db: DbOrTx): FunnelEventBatcher {
  const commit = createGroupCommit<FunnelEvent, void>({
    write: async (events) => {
      await recordFunnelEvents(db, events);
      return events.map(() => undefined);
    },
    maxInFlight: MAX_IN_FLIGHT,
    maxBatch: MAX_BATCH,
    maxWaitMs: MAX_WAIT_MS,
    gather: "tick",
  });
  return { record: (event) => commit.add(event), drain: () => commit.drain() };
}
