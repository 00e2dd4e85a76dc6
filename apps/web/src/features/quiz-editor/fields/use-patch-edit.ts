import type { QueryKey } from "@tanstack/react-query";
import { useApiClient } from "@/shared/api/services-context";
import { cacheUpdate, useEditorWrites } from "../state/editor-writes";
import { patchRecord, type RecordAddress } from "./record-update";

type Body = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Body =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A JSON merge patch applied to a cached value (nested objects merged, the rest replaced). */
export function mergePatch<T>(target: T, patch: Body): T {
  if (!isPlainObject(target)) return target;
  const merged: Body = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    merged[key] =
      isPlainObject(value) && isPlainObject(merged[key]) ? mergePatch(merged[key], value) : value;
  }
  return merged as T;
}

/** Where a patched record sits in the cache: the record itself, or one item of a list. */
export type PatchPlace =
  | { queryKey: QueryKey; kind: "record" }
  | { queryKey: QueryKey; kind: "list"; id: number };

export interface PatchEdit {
  /** A short translated name of what changes ("Result title"), for the undo notice. */
  label: string;
  /** The record: its update operation and its id. */
  record: RecordAddress;
  place: PatchPlace;
  next: Body;
  /** The same keys with their values before the change (the undo). */
  previous: Body;
  /** Queries re-read once written (the patched one always is). */
  refresh?: QueryKey[];
}

/**
 * An undoable PATCH of the editor: shown at once in the cache, undone by a PATCH of the
 * old values (docs/editor.md "Writes, undo and redo").
 */
export function usePatchEdit() {
  const api = useApiClient();
  const { writeEdit } = useEditorWrites();
  return ({ label, record, place, next, previous, refresh = [] }: PatchEdit) => {
    const request = (body: Body) => ({
      send: () => patchRecord(api, record, body),
      optimistic: [
        place.kind === "record"
          ? cacheUpdate<unknown>(place.queryKey, (old) => mergePatch(old, body))
          : cacheUpdate<{ id: number }[]>(place.queryKey, (old) =>
              old.map((item) => (item.id === place.id ? mergePatch(item, body) : item)),
            ),
      ],
      refresh: [place.queryKey, ...refresh],
    });
    return writeEdit({ label, apply: request(next), revert: request(previous) });
  };
}
