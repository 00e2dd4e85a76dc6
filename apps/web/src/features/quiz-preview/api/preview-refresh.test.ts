import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { draftSnapshotKey, publicationsKey, subscribePreviewRefresh } from "./preview-queries";

let client: QueryClient;
let reads: number;
let stop: () => void;
let unobserve: () => void;
beforeEach(async () => {
  vi.useFakeTimers();
  client = new QueryClient();
  reads = 0;
  // The preview's query, watched as the panel watches it: an invalidation reads it again.
  unobserve = new QueryObserver(client, {
    queryKey: draftSnapshotKey(7),
    queryFn: async () => {
      reads += 1;
      return reads;
    },
  }).subscribe(() => undefined);
  await vi.advanceTimersByTimeAsync(0);
  reads = 0;
  // Another tab's list, read once already (a first read is not a change).
  client.setQueryData(["questions", 7], 0);
  stop = subscribePreviewRefresh(client, 7);
});
afterEach(() => {
  stop();
  unobserve();
  vi.useRealTimers();
});

/** Another query of the editor re-read from the server (after a write). */
const otherData = (value: number) =>
  void client.fetchQuery({ queryKey: ["questions", 7], queryFn: async () => value, staleTime: 0 });

describe("the preview follows the editor's cache", () => {
  it("re-reads the draft at once for a change, once more after a burst of changes", async () => {
    otherData(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(1);
    otherData(2);
    otherData(3);
    otherData(4);
    await vi.advanceTimersByTimeAsync(50);
    expect(reads).toBe(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(reads).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    otherData(5);
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(3);
  });

  it("waits for the server: a write's optimistic change alone reads nothing", async () => {
    client.setQueryData(["questions", 7], 1);
    await vi.advanceTimersByTimeAsync(500);
    expect(reads).toBe(0);
    otherData(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(1);
  });

  it("ignores the editor loading a list for the first time, not its re-reads", async () => {
    let version = 0;
    const list = new QueryObserver(client, {
      queryKey: ["quiz", 7, "questions"],
      queryFn: async () => {
        version += 1;
        return version;
      },
    }).subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(0);
    await client.invalidateQueries({ queryKey: ["quiz", 7, "questions"] });
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(1);
    list();
  });

  it("ignores its own reads and the version history", async () => {
    client.setQueryData(publicationsKey(7), []);
    client.setQueryData(draftSnapshotKey(7), 0);
    await vi.advanceTimersByTimeAsync(500);
    expect(reads).toBe(0);
  });

  it("re-reads as soon as the editor's last write has ended, and not again for the quiz's re-read", async () => {
    const settled = new Set<() => void>();
    stop();
    stop = subscribePreviewRefresh(client, 7, 100, (listener) => {
      settled.add(listener);
      return () => settled.delete(listener);
    });
    // As after a write (editor-writes.tsx): the quiz's re-read starts, then the write ends.
    let answerQuiz: (value: number) => void = () => undefined;
    const quizRead = client.fetchQuery({
      queryKey: ["questions", 7],
      queryFn: () => new Promise<number>((resolve) => (answerQuiz = resolve)),
      staleTime: 0,
    });
    for (const listener of settled) listener();
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(1);
    // That re-read lands after the preview's read started: the server had the write then.
    answerQuiz(2);
    await quizRead;
    await vi.advanceTimersByTimeAsync(150);
    expect(reads).toBe(1);
    // A re-read that started after the preview's read may hold more: it is read again.
    otherData(3);
    await vi.advanceTimersByTimeAsync(150);
    expect(reads).toBe(2);
    stop();
    expect(settled.size).toBe(0);
    stop = () => undefined;
  });
});
