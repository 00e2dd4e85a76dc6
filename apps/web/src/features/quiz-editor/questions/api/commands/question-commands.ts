import type { QuestionConfig, QuestionCreate, QuestionUpdate } from "@leadquiz/contract";
import {
  type ConditionSnapshot,
  conditionsReferring,
  restoreConditions,
} from "../../../state/condition-restore";
import { cacheUpdate, type WriteRequest } from "../../../state/editor-writes";
import { hasAnswers } from "../../question-types";
import { type Answer, ordered, type Question, questionKeys } from "../question-queries";
import type { FieldCommand, StructureCommand } from "./command";
import type { QuestionScope } from "./question-scope";
import { previousValues } from "./question-scope";
import { recreateQuestion, repeatableCreate, restoreAnswers } from "./recreated-records";

/** The commands that change a question (docs/editor.md "Questions and logic"). */

export type QuestionFieldPatch = Omit<QuestionUpdate, "config" | "media" | "type" | "sort">;

/** Moves a question to a 1-based position and renumbers the others (as the server does). */
export function moveInList(questions: readonly Question[], id: number, sort: number): Question[] {
  const list = ordered(questions);
  const from = list.findIndex((question) => question.id === id);
  const [moved] = from === -1 ? [] : list.splice(from, 1);
  if (!moved) return list;
  list.splice(sort - 1, 0, moved);
  return list.map((question, index) => ({ ...question, sort: index + 1 }));
}

/** A field of the question (title, texts, required, video link); undo writes the old values. */
export function patchQuestion(
  scope: QuestionScope,
  question: Question,
  patch: QuestionFieldPatch,
  label: string,
): FieldCommand<Question> {
  const writeValues = (values: QuestionFieldPatch) => ({
    send: () => scope.api.updateQuestion(scope.questionId(question.id), values),
    optimistic: [scope.replaceQuestion(question.id, (q) => ({ ...q, ...values }) as Question)],
  });
  const old = previousValues(question as QuestionFieldPatch, patch);
  return { kind: "field", label, apply: writeValues(patch), revert: writeValues(old) };
}

/** The config keys of a patch as they are now; a key not stored yet is removed on undo (null). */
function previousConfig(config: QuestionConfig, patch: QuestionConfig) {
  const old: Record<string, unknown> = {};
  for (const key of Object.keys(patch) as (keyof QuestionConfig)[]) old[key] = config[key] ?? null;
  return old as QuestionUpdate["config"];
}

/** Keys of `config` (a merge patch); `rereadQuiz` re-reads all of the quiz after (conditions). */
export function patchConfig(
  scope: QuestionScope,
  question: Question,
  patch: QuestionConfig,
  label: string,
  rereadQuiz = false,
): FieldCommand<Question> {
  const refresh = rereadQuiz ? questionKeys.beyondQuestion(scope.quizId) : [];
  const writeConfig = (config: QuestionUpdate["config"], shown: object) => ({
    send: () => scope.api.updateQuestion(scope.questionId(question.id), { config }),
    optimistic: [
      scope.replaceQuestion(
        question.id,
        (q) => ({ ...q, config: { ...q.config, ...shown } }) as Question,
      ),
    ],
    refresh,
  });
  const old = previousConfig(question.config, patch);
  return {
    kind: "field",
    label,
    apply: writeConfig(patch, patch),
    revert: writeConfig(old, old ?? {}),
  };
}

/** Moves a question (1-based); conditions that now look forward are deleted by the server. */
export function moveQuestion(
  scope: QuestionScope,
  question: Question,
  sort: number,
): FieldCommand<Question> {
  const { listKey } = scope;
  const moveTo = (to: number) => ({
    send: () => scope.api.updateQuestion(scope.questionId(question.id), { sort: to }),
    optimistic: [cacheUpdate<Question[]>(listKey, (l) => moveInList(l, question.id, to))],
    refresh: [listKey, questionKeys.conditionsAll(scope.quizId)],
  });
  return {
    kind: "field",
    label: scope.t("questions:history.move"),
    apply: moveTo(sort),
    revert: moveTo(question.sort),
  };
}

interface TypeChangeBefore {
  answers: Answer[];
  referring: ConditionSnapshot;
}

/**
 * Changing the type discards the answers and unfit conditions (server side). Undo writes
 * the old type back, then its answers and the conditions that referred to it.
 */
export function changeType(
  scope: QuestionScope,
  question: Question,
  type: Question["type"],
): StructureCommand<Question, TypeChangeBefore> {
  const { api, client, ids, quizId } = scope;
  const from = question.type;
  const refresh = questionKeys.beyondQuestion(quizId);
  const setType = (to: Question["type"]) => ({
    send: () => api.updateQuestion(scope.questionId(question.id), { type: to }),
    optimistic: [scope.replaceQuestion(question.id, (q) => ({ ...q, type: to }))],
    refresh,
  });
  return {
    kind: "structure",
    label: scope.t("questions:history.type"),
    before: async () => {
      const id = scope.questionId(question.id);
      const answers = hasAnswers(from) ? await api.listAnswers(id) : [];
      return { answers, referring: await conditionsReferring(client, quizId, id) };
    },
    apply: setType(type),
    inverse: ({ before }) => ({
      undo: {
        ...setType(from),
        send: async () => {
          await setType(from).send();
          if (hasAnswers(from))
            await restoreAnswers(scope, scope.questionId(question.id), before.answers);
          await restoreConditions(client, ids, before.referring);
        },
      },
      redo: setType(type),
    }),
  };
}

/** Creates a question; undo deletes it, redo creates it again (a new id each time). */
export function addQuestion(
  scope: QuestionScope,
  body: Omit<QuestionCreate, "quiz">,
): StructureCommand<Question, undefined> {
  const create = repeatableCreate(scope, "question", () =>
    scope.api.createQuestion({ ...body, quiz: scope.quizId }),
  );
  return {
    kind: "structure",
    label: scope.t("questions:history.add"),
    apply: { send: create.send, refresh: [scope.listKey] },
    inverse: () => createdSteps(scope, create),
  };
}

/** Copies a question after itself; undo deletes the copy, redo copies again. */
export function copyQuestion(
  scope: QuestionScope,
  question: Question,
): StructureCommand<Question, undefined> {
  const copy = repeatableCreate(scope, "question", () =>
    scope.api.copyQuestion(scope.questionId(question.id)),
  );
  return {
    kind: "structure",
    label: scope.t("questions:history.copy"),
    apply: { send: copy.send, refresh: [scope.listKey, questionKeys.conditionsAll(scope.quizId)] },
    inverse: () => createdSteps(scope, copy),
  };
}

/** Undo and redo of a created question: delete the latest one, create another. */
function createdSteps(
  scope: QuestionScope,
  create: ReturnType<typeof repeatableCreate<Question>>,
): { undo: WriteRequest<unknown>; redo: WriteRequest<unknown> } {
  const refresh = questionKeys.beyondQuestion(scope.quizId);
  return {
    undo: { send: () => scope.api.deleteQuestion(create.latest()), refresh },
    redo: { send: create.send, refresh },
  };
}

/**
 * Deletes a question. Undo creates it again at its place with its fields and answers'
 * texts, points and right flags (conditions and images are not brought back).
 */
export function deleteQuestion(
  scope: QuestionScope,
  question: Question,
): StructureCommand<void, Answer[]> {
  const { api, listKey } = scope;
  const refresh = questionKeys.beyondQuestion(scope.quizId);
  const remove = async () => {
    await api.deleteQuestion(scope.questionId(question.id));
  };
  return {
    kind: "structure",
    label: scope.t("questions:history.delete"),
    before: async () =>
      hasAnswers(question.type) ? await api.listAnswers(scope.questionId(question.id)) : [],
    apply: {
      send: remove,
      optimistic: [
        cacheUpdate<Question[]>(listKey, (list) =>
          list.filter((q) => q.id !== scope.questionId(question.id)),
        ),
      ],
      refresh,
    },
    inverse: ({ before: answers }) => ({
      undo: { send: () => recreateQuestion(scope, question, answers), refresh },
      redo: { send: remove, refresh },
    }),
  };
}
