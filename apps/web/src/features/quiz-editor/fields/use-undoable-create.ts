import type { QueryKey } from "@tanstack/react-query";
import { useEditorWrites, type WriteRequest } from "../state/editor-writes";

export interface UndoableCreate<T extends { id: number }> {
  /** A short translated name of the change ("Add result"), for the undo notice. */
  label: string;
  create: () => Promise<T>;
  remove: (id: number) => Promise<unknown>;
  /** The list the item belongs to (re-read after each step). */
  refresh: QueryKey[];
}

/**
 * Creates an item through the editor's writes and records the undo: undo deletes it, redo
 * creates it again (the new id is kept for the next undo). Docs: docs/editor.md.
 */
export function useUndoableCreate() {
  const { write, history } = useEditorWrites();
  const mustWrite = async (request: WriteRequest<unknown>) => {
    const result = await write(request);
    if (!result.ok) throw result.error;
    return result.value;
  };
  return async <T extends { id: number }>({
    label,
    create,
    remove,
    refresh,
  }: UndoableCreate<T>) => {
    const created = await write({ send: create, refresh });
    if (!created.ok) return created;
    let id = created.value.id;
    history.record({
      label,
      undo: async () => {
        await mustWrite({ send: () => remove(id), refresh });
      },
      redo: async () => {
        id = ((await mustWrite({ send: create, refresh })) as T).id;
      },
    });
    return created;
  };
}
