import { recreateQuestionCondition } from "../../../state/condition-restore";
import { cacheUpdate, type WriteRequest } from "../../../state/editor-writes";
import { type QuestionApi, type QuestionCondition, questionKeys } from "../question-queries";
import type { FieldCommand, StructureCommand } from "./command";
import { previousValues, type QuestionScope } from "./question-scope";

/** The commands that change the logic tab's conditions (docs/editor.md "Questions and logic"). */

type ConditionCreate = Parameters<QuestionApi["createCondition"]>[0];
type ConditionPatch = Parameters<QuestionApi["updateCondition"]>[1];

/** Deletes a condition (the one there now), taking it off its question's list at once. */
function removeCondition(
  scope: QuestionScope,
  condition: QuestionCondition,
): WriteRequest<unknown> {
  const id = () => scope.conditionId(condition.id);
  return {
    send: () => scope.api.deleteCondition(id()),
    optimistic: [
      cacheUpdate<QuestionCondition[]>(scope.conditionsKey(condition), (list) =>
        list.filter((c) => c.id !== id()),
      ),
    ],
    refresh: [questionKeys.conditionsAll(scope.quizId)],
  };
}

/** Creates a condition again with its values (its new id noted). */
function recreateCondition(
  scope: QuestionScope,
  condition: QuestionCondition,
): WriteRequest<unknown> {
  return {
    send: () => recreateQuestionCondition(scope.client, scope.ids, condition),
    refresh: [questionKeys.conditionsAll(scope.quizId)],
  };
}

/** Adds a condition; undo deletes it, redo creates it again with the same values. */
export function addCondition(
  scope: QuestionScope,
  body: ConditionCreate,
): StructureCommand<QuestionCondition, undefined> {
  return {
    kind: "structure",
    label: scope.t("questions:history.addCondition"),
    apply: {
      send: () => scope.api.createCondition(body),
      refresh: [questionKeys.conditionsAll(scope.quizId)],
    },
    inverse: ({ value: created }) => ({
      undo: removeCondition(scope, created),
      redo: recreateCondition(scope, created),
    }),
  };
}

/** A condition's operator or values; undo writes the old ones. */
export function patchCondition(
  scope: QuestionScope,
  condition: QuestionCondition,
  patch: ConditionPatch,
): FieldCommand<QuestionCondition> {
  const id = () => scope.conditionId(condition.id);
  const writeValues = (values: ConditionPatch) => ({
    send: () => scope.api.updateCondition(id(), values),
    optimistic: [
      cacheUpdate<QuestionCondition[]>(scope.conditionsKey(condition), (list) =>
        list.map((c) => (c.id === id() ? ({ ...c, ...values } as QuestionCondition) : c)),
      ),
    ],
  });
  const old = previousValues(condition as ConditionPatch, patch);
  return {
    kind: "field",
    label: scope.t("questions:history.condition"),
    apply: writeValues(patch),
    revert: writeValues(old),
  };
}

/** Deletes a condition; undo creates it again with its values. */
export function deleteCondition(
  scope: QuestionScope,
  condition: QuestionCondition,
): StructureCommand<unknown, undefined> {
  return {
    kind: "structure",
    label: scope.t("questions:history.deleteCondition"),
    apply: removeCondition(scope, condition),
    inverse: () => ({
      undo: recreateCondition(scope, condition),
      redo: removeCondition(scope, condition),
    }),
  };
}
