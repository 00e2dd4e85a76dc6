import { useHotkeys } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "@/shared/api/error-message";
import { quizQueryKey } from "@/shared/api/quiz-queries";
import { EditHistory, type HistoryState } from "./edit-history";
import { RecreatedIds } from "./recreated-ids";

/**
 * Optimistic writes of the quiz editor (docs/editor.md "Writes, undo and redo"):
 * - a change shows at once: its cache updates are applied before the request is sent;
 * - writes go to the server one at a time, in the order they were made;
 * - when the server refuses one, its cache updates are undone, the touched data re-read
 *   and the reason shown;
 * - while writes are pending, closing the tab asks first.
 */

/** One optimistic change of the query cache. Build it with `cacheUpdate`. */
export interface CacheUpdate {
  queryKey: QueryKey;
  update: (old: unknown) => unknown;
}

/** A typed cache update: `update` runs only when the query holds data. */
export function cacheUpdate<T>(queryKey: QueryKey, update: (old: T) => T): CacheUpdate {
  return {
    queryKey,
    update: (old) => (old === undefined ? old : update(old as T)),
  };
}

export interface WriteRequest<T> {
  /** The API call. */
  send: () => Promise<T>;
  /** Applied at once; undone when the call fails. */
  optimistic?: CacheUpdate[];
  /** Queries to re-read once the call has ended (the quiz itself is always re-read). */
  refresh?: QueryKey[];
}

export type WriteResult<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** An edit that can be undone: `apply` is the change, `revert` puts the old state back. */
export interface ReversibleWrite<T> {
  label: string;
  apply: WriteRequest<T>;
  revert: WriteRequest<unknown>;
}

export interface EditorWrites {
  /** Writes once; the result says whether the server took it (a refusal is shown already). */
  write<T>(request: WriteRequest<T>): Promise<WriteResult<T>>;
  /** Writes and, when the server took it, records it for undo and redo. */
  writeEdit<T>(edit: ReversibleWrite<T>): Promise<WriteResult<T>>;
  /** The undo history (for edits that build their own undo, such as create and delete). */
  history: EditHistory;
  /** Records created again by an undo or redo: their ids now (to write to them). */
  ids: RecreatedIds;
  /**
   * Records an edit whose steps are whole writes of their own (create, delete, a type
   * change): `undo` and `redo` each run through `write` (a refusal is shown, rolled back,
   * and keeps the edit to try again).
   */
  recordSteps(edit: {
    label: string;
    undo: WriteRequest<unknown>;
    redo: WriteRequest<unknown>;
  }): void;
  /** Undoes or redoes the latest edit and says which; a refusal is shown and kept to retry. */
  step(direction: "undo" | "redo"): Promise<void>;
  /**
   * Runs `commit` as typing of session `group` (a field until it is left): the edits it
   * writes (synchronously, through writeEdit) merge with the session's previous ones into
   * one undo step while they follow each other within MERGE_WINDOW_MS.
   */
  typing<T>(group: string, commit: () => T): T;
}

interface WriteQueue {
  pending: number;
  listeners: Set<() => void>;
  /** Told each time the last queued write has ended (the server holds every change). */
  settled: Set<() => void>;
}

const EditorWritesContext = createContext<EditorWrites | null>(null);
const PendingContext = createContext<WriteQueue | null>(null);

function applyOptimistic(client: QueryClient, updates: CacheUpdate[]) {
  return updates.map(({ queryKey, update }) => {
    void client.cancelQueries({ queryKey });
    const previous = client.getQueryData(queryKey);
    client.setQueryData(queryKey, update(previous));
    return { queryKey, previous };
  });
}

/** Gives the editor's pages optimistic writes, undo and redo (Ctrl+Z, Ctrl+Shift+Z). */
export function EditorWritesProvider({
  quizId,
  children,
}: {
  quizId: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [queue] = useState<WriteQueue>(() => ({
    pending: 0,
    listeners: new Set(),
    settled: new Set(),
  }));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new quiz starts a new history.
  const history = useMemo(() => new EditHistory(), [quizId]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: ids belong to the history.
  const ids = useMemo(() => new RecreatedIds(), [history]);

  const writes = useMemo<EditorWrites>(() => {
    let tail: Promise<unknown> = Promise.resolve();
    // Re-reads wait until no write is queued: a re-read answered before a queued write has
    // been sent would put the older data back over that write's optimistic change.
    let toRefresh: QueryKey[] = [];
    const setPending = (delta: number) => {
      queue.pending += delta;
      for (const listener of queue.listeners) listener();
    };

    const write = <T,>(request: WriteRequest<T>): Promise<WriteResult<T>> => {
      const applied = applyOptimistic(client, request.optimistic ?? []);
      setPending(1);
      const run = async (): Promise<WriteResult<T>> => {
        try {
          return { ok: true, value: await request.send() };
        } catch (error) {
          for (const { queryKey, previous } of applied) client.setQueryData(queryKey, previous);
          for (const { queryKey } of applied) void client.invalidateQueries({ queryKey });
          notifications.show({
            color: "red",
            message: t("editor:writes.refused", { reason: errorMessage(error, t) }),
          });
          return { ok: false, error };
        } finally {
          toRefresh.push(...(request.refresh ?? []));
          if (queue.pending === 1) {
            for (const queryKey of toRefresh) void client.invalidateQueries({ queryKey });
            void client.invalidateQueries({ queryKey: quizQueryKey(quizId), exact: true });
            toRefresh = [];
          }
          setPending(-1);
          if (queue.pending === 0) for (const listener of queue.settled) listener();
        }
      };
      const result = tail.then(run, run);
      tail = result;
      return result;
    };

    const mustWrite = async (request: WriteRequest<unknown>) => {
      const result = await write(request);
      if (!result.ok) throw result.error;
    };

    let typingGroup: string | undefined;
    const typing = <T,>(group: string, commit: () => T): T => {
      const outer = typingGroup;
      typingGroup = group;
      try {
        return commit();
      } finally {
        typingGroup = outer;
      }
    };

    const writeEdit = async <T,>(edit: ReversibleWrite<T>): Promise<WriteResult<T>> => {
      const session = { group: typingGroup, at: Date.now() };
      const result = await write(edit.apply);
      if (result.ok) {
        history.record(
          {
            label: edit.label,
            undo: () => mustWrite(edit.revert),
            redo: () => mustWrite(edit.apply),
          },
          session,
        );
      }
      return result;
    };

    const step = async (direction: "undo" | "redo") => {
      try {
        const edit = await (direction === "undo" ? history.undo() : history.redo());
        if (!edit) return;
        const key = direction === "undo" ? "editor:history.undone" : "editor:history.redone";
        notifications.show({ message: t(key, { label: edit.label }), autoClose: 2500 });
      } catch {
        // The refused write has been shown and rolled back; the edit stays to try again.
      }
    };

    const recordSteps: EditorWrites["recordSteps"] = ({ label, undo, redo }) =>
      history.record({ label, undo: () => mustWrite(undo), redo: () => mustWrite(redo) });

    return { write, writeEdit, history, ids, recordSteps, step, typing };
  }, [client, history, ids, queue, quizId, t]);

  // In a text field the browser's own undo of typing applies (the hotkeys ignore fields).
  useHotkeys([
    ["mod+Z", () => void writes.step("undo")],
    ["mod+shift+Z", () => void writes.step("redo")],
    ["mod+Y", () => void writes.step("redo")],
  ]);

  return (
    <PendingContext.Provider value={queue}>
      <EditorWritesContext.Provider value={writes}>
        <LeaveGuard />
        {children}
      </EditorWritesContext.Provider>
    </PendingContext.Provider>
  );
}

/** The editor's writes; only inside EditorWritesProvider (the quiz editor layout). */
export function useEditorWrites(): EditorWrites {
  const writes = useContext(EditorWritesContext);
  if (!writes) throw new Error("useEditorWrites needs EditorWritesProvider");
  return writes;
}

/** How many writes are waiting for the server (0 when everything is saved). */
export function usePendingWrites(): number {
  const queue = useContext(PendingContext);
  return useSyncExternalStore(
    (listener) => {
      queue?.listeners.add(listener);
      return () => queue?.listeners.delete(listener);
    },
    () => queue?.pending ?? 0,
  );
}

/**
 * Subscribes to "every write has ended" (the live preview re-reads the draft then, without
 * waiting for the quiz's re-read: docs/editor.md "Writes, undo and redo"). Outside the
 * editor's provider it never calls.
 */
export function useWritesSettled(): (listener: () => void) => () => void {
  const queue = useContext(PendingContext);
  return useMemo(
    () => (listener: () => void) => {
      queue?.settled.add(listener);
      return () => {
        queue?.settled.delete(listener);
      };
    },
    [queue],
  );
}

/**
 * A field's typing sessions: `commit(run)` runs a write as part of the current session; `end()`
 * closes it (the field left), so the next write starts a new undo step. Outside the editor
 * (a field tested alone) the writes simply run.
 */
export function useTypingSession() {
  const writes = useContext(EditorWritesContext);
  const id = useId();
  const session = useRef(0);
  return useMemo(
    () => ({
      commit: <T,>(run: () => T): T =>
        writes ? writes.typing(`${id}:${session.current}`, run) : run(),
      end: () => {
        session.current += 1;
      },
    }),
    [writes, id],
  );
}

/** Whether undo and redo can run now. */
export function useHistoryState(): HistoryState {
  const { history } = useEditorWrites();
  return useSyncExternalStore(history.subscribe, history.getState);
}

/** Closing or reloading the tab while writes are pending asks first (the browser's prompt). */
function LeaveGuard() {
  const pending = usePendingWrites();
  useEffect(() => {
    if (pending === 0) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [pending]);
  return null;
}
