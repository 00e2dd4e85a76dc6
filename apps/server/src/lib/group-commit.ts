/**
 * Group commit (docs/leads.md "Storing a lead", docs/adr/0014; funnel events,
 * docs/analytics.md "Ingest"): writes that arrive while `maxInFlight` batches are being
 * written wait and then go together, at most `maxBatch` in one batch, so under load many of
 * them share one statement, one round trip and one COMMIT. A write that finds a free slot
 * goes at once, alone (or, with `gather: "tick"`, with the others of the same event-loop
 * tick): there is no timer and nothing waits that would not have waited for a connection.
 *
 * Each caller gets its own item's result, only once the batch holding it is written (for
 * the lead: committed). When a batch of several items fails, each of them is written again
 * alone, so a bad item fails only its own caller; a single item's failure is its caller's.
 * Items with the same `key` never share a batch (the later one waits for the next).
 * An item that has waited `maxWaitMs` for a batch to take it fails with `GroupCommitTimeout`
 * (the writes in flight hang, or more arrives than they take): its caller learns it, like a
 * request that waited too long for a database connection, instead of waiting without end.
 */
export interface GroupCommitOptions<Item, Result> {
  /** Writes the items; answers one result per item, in the same order. */
  write(items: readonly Item[]): Promise<readonly Result[]>;
  /** Batches written at the same time. */
  maxInFlight: number;
  /** Items in one batch at the most. */
  maxBatch: number;
  /** Items with the same key go in different batches (none: any items may share one). */
  key?: (item: Item) => string;
  /**
   * When a slot is free: `"at once"` writes the item that found it alone (the lowest
   * latency); `"tick"` first lets the rest of the event loop's tick add theirs
   * (`setImmediate`), so requests read in one tick share a batch.
   */
  gather?: "at once" | "tick";
  /** How long an item may wait for a batch to take it. */
  maxWaitMs: number;
  /** The clock (tests pass their own): the time now in ms, and a task after `ms`. */
  clock?: GroupCommitClock;
}

export interface GroupCommitClock {
  now(): number;
  /** Runs `task` after `ms`; answers what cancels it. */
  schedule(task: () => void, ms: number): () => void;
}

const realClock: GroupCommitClock = {
  now: () => performance.now(),
  schedule(task, ms) {
    const timer = setTimeout(task, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/**
 * An item no batch took within `maxWaitMs`. `code` ETIMEDOUT: the database did not take the
 * write in time (lib/database-errors.ts counts it as the database being unavailable).
 */
export class GroupCommitTimeout extends Error {
  readonly code = "ETIMEDOUT";
  constructor(waitedMs: number) {
    super(`waited ${Math.round(waitedMs)} ms for a write to take it`);
    this.name = "GroupCommitTimeout";
  }
}

export interface GroupCommit<Item, Result> {
  /** Resolves with the item's result once its batch is written. */
  add(item: Item): Promise<Result>;
  /** Resolves once every item added so far has been written or has failed (on shutdown). */
  drain(): Promise<void>;
  /** Batches written so far and the items they held (for tests and the bench). */
  readonly stats: { batches: number; items: number; largest: number };
}

interface Waiting<Item, Result> {
  item: Item;
  /** When it was added (`clock.now()`). */
  since: number;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

export function createGroupCommit<Item, Result>(
  options: GroupCommitOptions<Item, Result>,
): GroupCommit<Item, Result> {
  const { write, maxInFlight, maxBatch, key, maxWaitMs } = options;
  const gather = options.gather ?? "at once";
  const clock = options.clock ?? realClock;
  if (!(maxInFlight >= 1 && maxBatch >= 1)) throw new Error("group commit: limits must be ≥ 1");
  const queue: Waiting<Item, Result>[] = [];
  const stats = { batches: 0, items: 0, largest: 0 };
  let inFlight = 0;
  let cancelExpiry: (() => void) | null = null;
  let pumpScheduled = false;
  const idle: (() => void)[] = [];

  /** Fails the items that waited `maxWaitMs`; watches the oldest of the others. */
  function expire(): void {
    cancelExpiry = null;
    const now = clock.now();
    for (let i = 0; i < queue.length; ) {
      const waiting = queue[i] as Waiting<Item, Result>;
      if (now - waiting.since >= maxWaitMs) {
        queue.splice(i, 1);
        waiting.reject(new GroupCommitTimeout(now - waiting.since));
      } else {
        i += 1;
      }
    }
    watchOldest();
    wakeIfIdle();
  }

  function wakeIfIdle(): void {
    if (queue.length === 0 && inFlight === 0) for (const wake of idle.splice(0)) wake();
  }

  function watchOldest(): void {
    const oldest = queue[0]; // the queue keeps arrival order
    if (cancelExpiry || !oldest) return;
    cancelExpiry = clock.schedule(expire, Math.max(0, oldest.since + maxWaitMs - clock.now()));
  }

  /** Takes the next batch off the queue: in arrival order, no key twice. */
  function takeBatch(): Waiting<Item, Result>[] {
    if (!key) return queue.splice(0, maxBatch);
    const batch: Waiting<Item, Result>[] = [];
    const keys = new Set<string>();
    for (let i = 0; i < queue.length && batch.length < maxBatch; ) {
      const waiting = queue[i] as Waiting<Item, Result>;
      const itemKey = key(waiting.item);
      if (keys.has(itemKey)) {
        i += 1;
        continue;
      }
      keys.add(itemKey);
      batch.push(waiting);
      queue.splice(i, 1);
    }
    return batch;
  }

  async function writeAlone(waiting: Waiting<Item, Result>): Promise<void> {
    try {
      const [result] = await write([waiting.item]);
      waiting.resolve(result as Result);
    } catch (error) {
      waiting.reject(error);
    }
  }

  async function writeBatch(batch: Waiting<Item, Result>[]): Promise<void> {
    stats.batches += 1;
    stats.items += batch.length;
    stats.largest = Math.max(stats.largest, batch.length);
    let results: readonly Result[];
    try {
      results = await write(batch.map((waiting) => waiting.item));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      // Nothing of the batch was written (one statement): each item again, alone.
      await Promise.all(batch.map(writeAlone));
      return;
    }
    if (results.length !== batch.length) {
      const mismatch = new Error(`group commit: ${results.length} results for ${batch.length}`);
      for (const waiting of batch) waiting.reject(mismatch);
      return;
    }
    for (const [i, waiting] of batch.entries()) waiting.resolve(results[i] as Result);
  }

  function pump(): void {
    pumpScheduled = false;
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = takeBatch();
      inFlight += 1;
      void writeBatch(batch).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
    if (queue.length === 0 && cancelExpiry) {
      cancelExpiry();
      cancelExpiry = null;
    }
    watchOldest();
    wakeIfIdle();
  }

  function schedulePump(): void {
    if (gather === "at once") {
      pump();
      return;
    }
    if (pumpScheduled || inFlight >= maxInFlight) return;
    pumpScheduled = true;
    setImmediate(pump);
  }

  return {
    add(item) {
      return new Promise<Result>((resolve, reject) => {
        queue.push({ item, since: clock.now(), resolve, reject });
        schedulePump();
        watchOldest();
      });
    },
    drain() {
      if (queue.length === 0 && inFlight === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idle.push(resolve));
    },
    stats,
  };
}
