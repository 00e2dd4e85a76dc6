import { endpoints, type ResultCondition, type ResultConditionCreate } from "@leadquiz/contract";
import { useTranslation } from "react-i18next";
import { useApiClient } from "@/shared/api/services-context";
import { recreateResultCondition } from "../state/condition-restore";
import { cacheUpdate, useEditorWrites } from "../state/editor-writes";
import { resultConditionsQueryKey } from "./api/result-queries";

/** Every result's conditions (a re-created result or condition has a new id). */
const allResultConditions = [["result"]];

/**
 * Adding and deleting result conditions, both undoable (docs/editor.md "Results"): undo of
 * an add deletes the condition, undo of a delete creates it again with its values.
 */
export function useResultConditionWrites() {
  const { t } = useTranslation();
  const api = useApiClient();
  const { write, ids, recordSteps } = useEditorWrites();
  const conditionId = (condition: ResultCondition) => ids.current("resultCondition", condition.id);
  const remove = (condition: ResultCondition) => ({
    send: () =>
      api.call(endpoints.deleteResultCondition, { params: { id: conditionId(condition) } }),
    optimistic: [
      cacheUpdate<ResultCondition[]>(
        resultConditionsQueryKey(ids.current("result", condition.result)),
        (old) => old.filter((c) => c.id !== conditionId(condition)),
      ),
    ],
    refresh: allResultConditions,
  });
  const recreate = (condition: ResultCondition) => ({
    send: () => recreateResultCondition(api, ids, condition),
    refresh: allResultConditions,
  });

  const add = async (body: ResultConditionCreate) => {
    const created = await write({
      send: () => api.call(endpoints.createResultCondition, { body }),
      refresh: allResultConditions,
    });
    if (created.ok) {
      recordSteps({
        label: t("results:logic.addCondition"),
        undo: remove(created.value),
        redo: recreate(created.value),
      });
    }
    return created;
  };

  const removeCondition = async (condition: ResultCondition) => {
    const removed = await write(remove(condition));
    if (removed.ok) {
      recordSteps({
        label: t("results:history.deleteCondition"),
        undo: recreate(condition),
        redo: remove(condition),
      });
    }
    return removed;
  };

  return { add, remove: removeCondition };
}
