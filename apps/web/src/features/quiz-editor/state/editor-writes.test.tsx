import { QueryClient, QueryClientProvider, QueryObserver } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { testI18n } from "@/test/test-i18n";
import {
  cacheUpdate,
  EditorWritesProvider,
  useEditorWrites,
  usePendingWrites,
} from "./editor-writes";

const titlesKey = ["titles"] as const;

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(titlesKey, ["first"]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={testI18n("en")}>
      <QueryClientProvider client={client}>
        <EditorWritesProvider quizId={1}>{children}</EditorWritesProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
  const hook = renderHook(() => ({ writes: useEditorWrites(), pending: usePendingWrites() }), {
    wrapper,
  });
  return { client, hook, titles: () => client.getQueryData<string[]>(titlesKey) };
}

const rename = (to: string) => cacheUpdate<string[]>(titlesKey, () => [to]);

/** A server that answers when told to: each call waits for its own release. */
function gate() {
  let release: (ok: boolean) => void = () => {};
  const promise = new Promise<void>((resolve, reject) => {
    release = (ok) => (ok ? resolve() : reject(new Error("refused")));
  });
  return { promise, release };
}

describe("editor writes", () => {
  it("shows a change at once, keeps it when the server takes it, and counts it as pending until then", async () => {
    const { hook, titles } = setup();
    const server = gate();
    const result = hook.result.current.writes.write({
      send: () => server.promise,
      optimistic: [rename("second")],
    });
    expect(titles()).toEqual(["second"]);
    await waitFor(() => expect(hook.result.current.pending).toBe(1));
    server.release(true);
    expect((await result).ok).toBe(true);
    expect(titles()).toEqual(["second"]);
    await waitFor(() => expect(hook.result.current.pending).toBe(0));
  });

  it("puts the data back when the server refuses the change", async () => {
    const { hook, titles } = setup();
    const server = gate();
    const result = hook.result.current.writes.write({
      send: () => server.promise,
      optimistic: [rename("refused")],
    });
    expect(titles()).toEqual(["refused"]);
    server.release(false);
    expect((await result).ok).toBe(false);
    expect(titles()).toEqual(["first"]);
  });

  it("sends writes one at a time, in the order they were made", async () => {
    const { hook } = setup();
    const order: string[] = [];
    const first = gate();
    const a = hook.result.current.writes.write({
      send: async () => {
        order.push("a starts");
        await first.promise;
        order.push("a ends");
      },
    });
    const b = hook.result.current.writes.write({
      send: async () => {
        order.push("b starts");
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual(["a starts"]);
    first.release(true);
    await Promise.all([a, b]);
    expect(order).toEqual(["a starts", "a ends", "b starts"]);
  });

  it("undoes and redoes a recorded edit as writes, and records nothing the server refused", async () => {
    const { hook, titles } = setup();
    const { writes } = hook.result.current;
    const sent: string[] = [];
    const renameOnServer = (to: string) => ({
      send: async () => {
        sent.push(to);
      },
      optimistic: [rename(to)],
    });
    await writes.writeEdit({
      label: "Title",
      apply: renameOnServer("second"),
      revert: renameOnServer("first"),
    });
    await writes.writeEdit({
      label: "Title",
      apply: { send: () => Promise.reject(new Error("refused")), optimistic: [rename("third")] },
      revert: renameOnServer("second"),
    });
    expect(titles()).toEqual(["second"]);

    await writes.step("undo");
    expect(titles()).toEqual(["first"]);
    await writes.step("redo");
    expect(titles()).toEqual(["second"]);
    expect(sent).toEqual(["second", "first", "second"]);
    expect(writes.history.getState()).toMatchObject({ canUndo: true, canRedo: false });
  });

  it("re-reads only once no write is queued, so a later write's change is not overwritten", async () => {
    const { client, hook, titles } = setup();
    let reads = 0;
    // The server still holds "first" until the queued write is sent; the list is on screen.
    const observer = new QueryObserver(client, {
      queryKey: titlesKey,
      queryFn: () => {
        reads += 1;
        return ["first"];
      },
      staleTime: Number.POSITIVE_INFINITY,
    });
    const unsubscribe = observer.subscribe(() => {});
    const first = gate();
    const a = hook.result.current.writes.write({
      send: () => first.promise,
      refresh: [titlesKey],
    });
    const b = hook.result.current.writes.write({
      send: () => new Promise<void>(() => {}),
      optimistic: [rename("second")],
    });
    first.release(true);
    await a;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(reads).toBe(0);
    expect(titles()).toEqual(["second"]);
    unsubscribe();
    void b;
  });
});
