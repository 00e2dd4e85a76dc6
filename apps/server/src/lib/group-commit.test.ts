import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-errors";
import {
  createGroupCommit,
  type GroupCommitClock,
  type GroupCommitOptions,
  GroupCommitTimeout,
} from "./group-commit";

/** A write whose batches the test finishes by hand, in any order. */
function heldWrites(fail: (item: string) => boolean = () => false) {
  const batches: { items: readonly string[]; finish(): void }[] = [];
  const write = (items: readonly string[]) =>
    new Promise<readonly string[]>((resolve, reject) => {
      batches.push({
        items,
        finish: () => {
          const bad = items.find(fail);
          if (bad !== undefined) reject(new Error(`cannot write ${bad}`));
          else resolve(items.map((item) => `stored ${item}`));
        },
      });
    });
  return { batches, write };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** A group commit of strings: one batch at a time of at most 10, each its own key. */
function groupCommit(
  write: (items: readonly string[]) => Promise<readonly string[]>,
  options: Partial<GroupCommitOptions<string, string>> = {},
) {
  return createGroupCommit<string, string>({
    write,
    maxInFlight: 1,
    maxBatch: 10,
    key: (s) => s,
    maxWaitMs: 5_000,
    ...options,
  });
}

describe("group commit", () => {
  it("writes an item at once, alone, when no batch is being written", async () => {
    const { batches, write } = heldWrites();
    const commit = groupCommit(write);
    const a = commit.add("a");
    expect(batches.map((batch) => batch.items)).toEqual([["a"]]);
    batches[0]?.finish();
    await expect(a).resolves.toBe("stored a");
  });

  it("puts what arrives meanwhile into the next batch, each answered after its own write", async () => {
    const { batches, write } = heldWrites();
    const commit = groupCommit(write);
    const answered: string[] = [];
    const all = ["a", "b", "c"].map((item) =>
      commit.add(item).then((result) => answered.push(result)),
    );
    expect(batches.map((batch) => batch.items)).toEqual([["a"]]);
    await settle();
    expect(answered).toEqual([]);

    batches[0]?.finish();
    await settle();
    // b and c waited for a's write and go together; nobody is answered before its write.
    expect(answered).toEqual(["stored a"]);
    expect(batches.map((batch) => batch.items)).toEqual([["a"], ["b", "c"]]);
    batches[1]?.finish();
    await settle();
    expect(answered).toEqual(["stored a", "stored b", "stored c"]);
    await Promise.all(all);
    expect(commit.stats).toEqual({ batches: 2, items: 3, largest: 2 });
  });

  it("writes at most maxInFlight batches at a time and at most maxBatch items in one", async () => {
    const { batches, write } = heldWrites();
    const commit = groupCommit(write, { maxInFlight: 2, maxBatch: 2 });
    const all = ["a", "b", "c", "d", "e", "f"].map((item) => commit.add(item));
    expect(batches.map((batch) => batch.items)).toEqual([["a"], ["b"]]);
    batches[1]?.finish();
    await settle();
    expect(batches.map((batch) => batch.items)).toEqual([["a"], ["b"], ["c", "d"]]);
    batches[0]?.finish();
    await settle();
    expect(batches.map((batch) => batch.items)).toEqual([["a"], ["b"], ["c", "d"], ["e", "f"]]);
    batches[2]?.finish();
    batches[3]?.finish();
    await expect(Promise.all(all)).resolves.toEqual(
      ["a", "b", "c", "d", "e", "f"].map((item) => `stored ${item}`),
    );
  });

  it("never puts two items with the same key into one batch", async () => {
    const { batches, write } = heldWrites();
    const commit = groupCommit(write, { key: (s) => s.slice(0, 1) });
    const all = ["x0", "a1", "a2", "b1", "a3"].map((item) => commit.add(item));
    batches[0]?.finish();
    await settle();
    expect(batches[1]?.items).toEqual(["a1", "b1"]);
    batches[1]?.finish();
    await settle();
    expect(batches[2]?.items).toEqual(["a2"]);
    batches[2]?.finish();
    await settle();
    expect(batches[3]?.items).toEqual(["a3"]);
    batches[3]?.finish();
    await expect(Promise.all(all)).resolves.toHaveLength(5);
  });

  it("writes each item of a failed batch again alone, so only the bad one fails", async () => {
    const { batches, write } = heldWrites((item) => item === "bad");
    const commit = groupCommit(write);
    const first = commit.add("first");
    const good = commit.add("good");
    const bad = commit.add("bad");
    const other = commit.add("other");
    batches[0]?.finish();
    await settle();
    batches[1]?.finish(); // good, bad and other: fails as a whole
    await settle();
    expect(batches.slice(2).map((batch) => batch.items)).toEqual([["good"], ["bad"], ["other"]]);
    for (const batch of batches.slice(2)) batch.finish();
    await expect(first).resolves.toBe("stored first");
    await expect(good).resolves.toBe("stored good");
    await expect(other).resolves.toBe("stored other");
    await expect(bad).rejects.toThrow("cannot write bad");
  });

  it("fails every item of a batch whose write answers the wrong number of results", async () => {
    const commit = groupCommit(async (items) => items.slice(1));
    await expect(commit.add("a")).rejects.toThrow("0 results for 1");
  });

  it("with gather 'tick', writes the items of one event-loop tick together", async () => {
    const { batches, write } = heldWrites();
    const commit = createGroupCommit<string, string>({
      write,
      maxInFlight: 1,
      maxBatch: 10,
      maxWaitMs: 5_000,
      gather: "tick",
    });
    const all = ["a", "b", "a"].map((item) => commit.add(item));
    expect(batches).toHaveLength(0);
    await settle();
    // Without keys, even the same item twice shares the batch.
    expect(batches.map((batch) => batch.items)).toEqual([["a", "b", "a"]]);
    batches[0]?.finish();
    await expect(Promise.all(all)).resolves.toEqual(["stored a", "stored b", "stored a"]);
  });

  it("drains: resolves once everything added so far is written", async () => {
    const { batches, write } = heldWrites();
    const commit = groupCommit(write);
    await commit.drain(); // nothing to wait for
    const first = commit.add("a");
    const second = commit.add("b");
    let drained = false;
    const drain = commit.drain().then(() => {
      drained = true;
    });
    batches[0]?.finish();
    await settle();
    expect(drained).toBe(false);
    batches[1]?.finish();
    await drain;
    await expect(Promise.all([first, second])).resolves.toEqual(["stored a", "stored b"]);
  });

  it("fails an item no batch took within maxWaitMs as the database being unavailable", async () => {
    const clock = manualClock();
    const { batches, write } = heldWrites();
    const commit = groupCommit(write, { clock });
    const hanging = commit.add("hanging");
    const early = commit.add("early");
    clock.advance(4_000);
    const late = commit.add("late");
    clock.advance(1_000); // early has waited 5 s, late 1 s
    const error = await early.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GroupCommitTimeout);
    expect(isDatabaseUnavailable(error)).toBe(true);
    clock.advance(3_999);
    batches[0]?.finish(); // the write in flight comes back: late goes in the next batch
    await expect(hanging).resolves.toBe("stored hanging");
    await settle();
    expect(batches.map((batch) => batch.items)).toEqual([["hanging"], ["late"]]);
    clock.advance(10_000); // a batch took late: its wait no longer counts
    batches[1]?.finish();
    await expect(late).resolves.toBe("stored late");
  });
});

/** A clock advanced by hand: `advance` runs what falls due (docs: CONTRIBUTING "Tests"). */
function manualClock(): GroupCommitClock & { advance(ms: number): void } {
  let now = 0;
  let tasks: { at: number; task: () => void }[] = [];
  return {
    now: () => now,
    schedule(task, ms) {
      const entry = { at: now + ms, task };
      tasks.push(entry);
      return () => {
        tasks = tasks.filter((other) => other !== entry);
      };
    },
    advance(ms) {
      now += ms;
      for (;;) {
        const due = tasks.filter((entry) => entry.at <= now).sort((a, b) => a.at - b.at)[0];
        if (!due) return;
        tasks = tasks.filter((entry) => entry !== due);
        due.task();
      }
    },
  };
}
