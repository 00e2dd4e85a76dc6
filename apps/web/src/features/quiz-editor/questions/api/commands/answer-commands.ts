import {
  type ConditionSnapshot,
  conditionsReferring,
  restoreConditions,
} from "../../../state/condition-restore";
import { cacheUpdate, type WriteRequest } from "../../../state/editor-writes";
import { type Answer, questionKeys } from "../question-queries";
import type { FieldCommand, StructureCommand } from "./command";
import { previousValues, type QuestionScope } from "./question-scope";
import { recreateAnswer } from "./recreated-records";

/** The commands that change a question's answers (docs/editor.md "Questions and logic"). */

export type AnswerFieldPatch = { text?: string; points?: number; is_right?: boolean };

/** An answer's text, points or right flag; undo writes the old values. */
export function patchAnswer(
  scope: QuestionScope,
  answer: Answer,
  patch: AnswerFieldPatch,
  label: string,
): FieldCommand<Answer> {
  const writeValues = (values: AnswerFieldPatch) => ({
    send: () => scope.api.updateAnswer(scope.answerId(answer.id), values),
    optimistic: [scope.replaceAnswer(answer, (a) => ({ ...a, ...values }))],
  });
  const old = previousValues(answer as AnswerFieldPatch, patch);
  return { kind: "field", label, apply: writeValues(patch), revert: writeValues(old) };
}

/** Deletes an answer (the one there now), taking it off the list at once. */
function removeAnswer(scope: QuestionScope, answer: Answer): WriteRequest<unknown> {
  return {
    send: () => scope.api.deleteAnswer(scope.answerId(answer.id)),
    optimistic: [
      cacheUpdate<Answer[]>(questionKeys.answers(scope.questionId(answer.question)), (list) =>
        list.filter((a) => a.id !== scope.answerId(answer.id)),
      ),
    ],
    refresh: scope.answersAndConditions,
  };
}

/** Adds an answer; undo deletes it, redo creates it again (as it was made). */
export function addAnswer(
  scope: QuestionScope,
  ofQuestion: number,
): StructureCommand<Answer, undefined> {
  const refresh = scope.answersAndConditions;
  return {
    kind: "structure",
    label: scope.t("questions:history.addAnswer"),
    apply: {
      send: () => scope.api.createAnswer({ question: scope.questionId(ofQuestion) }),
      refresh,
    },
    inverse: ({ value: created }) => ({
      undo: removeAnswer(scope, created),
      redo: { send: () => recreateAnswer(scope, created), refresh },
    }),
  };
}

/**
 * Deletes an answer. Undo creates it again at its place with its text, points and right
 * flag, and puts it back into the conditions that chose it (the server took it out of
 * them, and deleted those left with no answer).
 */
export function deleteAnswer(
  scope: QuestionScope,
  answer: Answer,
): StructureCommand<unknown, ConditionSnapshot> {
  const { client, ids, quizId } = scope;
  return {
    kind: "structure",
    label: scope.t("questions:history.deleteAnswer"),
    before: () => conditionsReferring(client, quizId, scope.questionId(answer.question)),
    apply: removeAnswer(scope, answer),
    inverse: ({ before: referring }) => ({
      undo: {
        send: async () => {
          await recreateAnswer(scope, answer);
          await restoreConditions(client, ids, referring);
        },
        refresh: [...scope.answersAndConditions, ["result"]],
      },
      redo: removeAnswer(scope, answer),
    }),
  };
}
