import {
  endpoints,
  type Question,
  type Quiz,
  type Result,
  type ResultUpdate,
} from "@leadquiz/contract";
import { usePatchEdit } from "../fields/use-patch-edit";
import { useEditorWrites } from "../state/editor-writes";
import { resultsQueryKey } from "./api/result-queries";

/** An undoable PATCH of some fields of a result (the old values are the undo). */
export function useResultPatch(quizId: number) {
  const patch = usePatchEdit();
  const { ids } = useEditorWrites();
  return (result: Result, label: string, next: ResultUpdate) => {
    const previous: Record<string, unknown> = {};
    for (const key of Object.keys(next)) previous[key] = result[key as keyof Result];
    return patch({
      label,
      record: { endpoint: endpoints.updateResult, id: () => ids.current("result", result.id) },
      place: { queryKey: resultsQueryKey(quizId), kind: "list", id: result.id },
      next,
      previous,
    });
  };
}

/** What the value and logic tabs of a result work on. */
export interface ResultTabProps {
  result: Result;
  quiz: Quiz;
  questions: readonly Question[];
}
