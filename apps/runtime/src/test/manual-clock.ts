import { vi } from "vitest";

/**
 * A clock the test advances by hand (no real waiting): `schedule` keeps each task with its
 * delay (and returns what cancels it); `runNext` runs the earliest scheduled task, waiting
 * for one to be scheduled first, then lets the promises it settled run.
 */
export function manualClock() {
  const tasks: { ms: number; task: () => void }[] = [];
  return {
    schedule(task: () => void, ms: number): () => void {
      const entry = { task, ms };
      tasks.push(entry);
      return () => {
        const index = tasks.indexOf(entry);
        if (index >= 0) tasks.splice(index, 1);
      };
    },
    delays: () => tasks.map((t) => t.ms),
    async runNext() {
      await vi.waitFor(
        () => {
          if (tasks.length === 0) throw new Error("nothing is scheduled");
        },
        { timeout: 10_000 },
      );
      tasks.shift()?.task();
      await vi.waitFor(() => undefined);
      await Promise.resolve();
    },
  };
}
