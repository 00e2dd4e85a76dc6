import {
  endpoints,
  type Result,
  type ResultCondition,
  type ResultCreate,
} from "@leadquiz/contract";
import { useTranslation } from "react-i18next";
import { useApiClient } from "@/shared/api/services-context";
import { recreateResultCondition } from "../state/condition-restore";
import { cacheUpdate, useEditorWrites } from "../state/editor-writes";
import { resultsQueryKey } from "./api/result-queries";

/** What a result is created again with: every writable field it had (not its media). */
function resultBody(result: Result, quiz: number): ResultCreate {
  return {
    quiz,
    sort: result.sort,
    type: result.type,
    condition_mode: result.condition_mode,
    title: result.title,
    description: result.description,
    additional_description: result.additional_description,
    show_total: result.show_total,
    unit: result.unit,
    range_from: result.range_from,
    range_to: result.range_to,
    formula: result.formula,
    use_general_formula: result.use_general_formula,
    output: result.output,
    button_text: result.button_text,
    button_link: result.button_link,
    send_to_email: result.send_to_email,
    config: result.config,
  };
}

/**
 * Copying and deleting results, both undoable (docs/editor.md "Results"): undo of a copy
 * deletes the copy; undo of a delete creates the result again with its fields and its
 * conditions (its media cannot be sent back: docs/editor.md).
 */
export function useResultListWrites(quizId: number) {
  const { t } = useTranslation();
  const api = useApiClient();
  const { write, ids, recordSteps } = useEditorWrites();
  const key = resultsQueryKey(quizId);
  const refresh = [key, ["result"]];
  const resultId = (id: number) => ids.current("result", id);
  const remove = (result: Result) => ({
    send: () => api.call(endpoints.deleteResult, { params: { id: resultId(result.id) } }),
    optimistic: [
      cacheUpdate<Result[]>(key, (old) => old.filter((r) => r.id !== resultId(result.id))),
    ],
    refresh,
  });

  const copy = async (result: Result) => {
    const copyOnce = () => api.call(endpoints.copyResult, { body: { id: resultId(result.id) } });
    const copied = await write({ send: copyOnce, refresh });
    if (copied.ok) {
      const first = copied.value;
      recordSteps({
        label: t("results:history.copy"),
        undo: remove(first),
        redo: {
          send: async () => ids.recreated("result", first.id, (await copyOnce()).id),
          refresh,
        },
      });
    }
    return copied;
  };

  const removeResult = async (result: Result) => {
    let conditions: ResultCondition[] = [];
    const apply = remove(result);
    const removed = await write({
      ...apply,
      send: async () => {
        conditions = await api.call(endpoints.listResultConditions, {
          params: { id: resultId(result.id) },
        });
        return apply.send();
      },
    });
    if (removed.ok) {
      recordSteps({
        label: t("results:history.delete"),
        undo: {
          send: async () => {
            const created = await api.call(endpoints.createResult, {
              body: resultBody(result, quizId),
            });
            ids.recreated("result", result.id, created.id);
            for (const condition of conditions) await recreateResultCondition(api, ids, condition);
          },
          refresh,
        },
        redo: remove(result),
      });
    }
    return removed;
  };

  return { copy, remove: removeResult };
}
