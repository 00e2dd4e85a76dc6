import type { DbOrTx } from "../../db/client";
import { type FunnelEvent, recordFunnelEvents } from "./analytics.repository";

/** Events stored by one statement at most; a fuller queue is cut into several batches. */
const MAX_BATCH = 500;
/** Batches written at the same time (each holds a pool connection while it commits). */
const MAX_IN_FLIGHT = 2;

interface Pending {
  event: FunnelEvent;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface FunnelEventBatcher {
  /** Resolves once the event is committed (the caller answers 204 only then). */
  record(event: FunnelEvent): Promise<void>;
  /** Waits for every event handed over so far to be written (on shutdown). */
  drain(): Promise<void>;
}

/**
 * Group commit for funnel events (docs/analytics.md "Ingest"): events that arrive while
 * earlier batches are being written wait in a queue and are then written together by one
 * statement, so a busy quiz costs one commit per batch instead of one per event. No event
 * is answered before it is stored: each request's promise settles with its batch. When a
 * batch fails (a quiz deleted in between, a deadlock with another process), its events are
 * written one by one, so one bad event fails only its own request.
 */
export function createFunnelEventBatcher(db: DbOrTx): FunnelEventBatcher {
  let queue: Pending[] = [];
  let inFlight = 0;
  let scheduled = false;
  const idle: (() => void)[] = [];

  async function write(batch: Pending[]): Promise<void> {
    try {
      await recordFunnelEvents(
        db,
        batch.map((item) => item.event),
      );
      for (const item of batch) item.resolve();
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      for (const item of batch) {
        try {
          await recordFunnelEvents(db, [item.event]);
          item.resolve();
        } catch (single) {
          item.reject(single);
        }
      }
    }
  }

  function pump(): void {
    scheduled = false;
    while (inFlight < MAX_IN_FLIGHT && queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      inFlight += 1;
      void write(batch).finally(() => {
        inFlight -= 1;
        if (queue.length > 0) pump();
        else if (inFlight === 0) for (const wake of idle.splice(0)) wake();
      });
    }
  }

  return {
    record(event) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ event, resolve, reject });
        // Events of the same tick join one batch; under load the queue fills while the
        // writes in flight commit, and the next batch takes all of it.
        if (!scheduled && inFlight < MAX_IN_FLIGHT) {
          scheduled = true;
          setImmediate(pump);
        }
      });
    },
    drain() {
      if (queue.length === 0 && inFlight === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idle.push(resolve));
    },
  };
}
