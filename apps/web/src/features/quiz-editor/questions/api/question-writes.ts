import type { QuestionConfig, QuestionCreate, QuestionUpdate } from "@leadquiz/contract";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useApiClient } from "@/shared/api/services-context";
import {
  type ConditionSnapshot,
  conditionsReferring,
  recreateQuestionCondition,
  restoreConditions,
} from "../../state/condition-restore";
import { cacheUpdate, useEditorWrites } from "../../state/editor-writes";
import { hasAnswers } from "../question-types";
import {
  type Answer,
  ordered,
  type Question,
  type QuestionCondition,
  questionApi,
  questionKeys,
} from "./question-queries";

type QuestionFieldPatch = Omit<QuestionUpdate, "config" | "media" | "type" | "sort">;
type AnswerFieldPatch = { text?: string; points?: number; is_right?: boolean };

/** The values a patch would change, as they are now (to write back on undo). */
function previousValues<T extends object>(current: T, patch: Partial<T>): Partial<T> {
  const old: Partial<T> = {};
  for (const key of Object.keys(patch) as (keyof T)[]) old[key] = current[key];
  return old;
}

/** The config keys of a patch as they are now; a key not stored yet is removed on undo (null). */
function previousConfig(config: QuestionConfig, patch: QuestionConfig) {
  const old: Record<string, unknown> = {};
  for (const key of Object.keys(patch) as (keyof QuestionConfig)[]) old[key] = config[key] ?? null;
  return old as QuestionUpdate["config"];
}

/** Moves a question to a 1-based position and renumbers the others (as the server does). */
export function moveInList(questions: readonly Question[], id: number, sort: number): Question[] {
  const list = ordered(questions);
  const from = list.findIndex((question) => question.id === id);
  const [moved] = from === -1 ? [] : list.splice(from, 1);
  if (!moved) return list;
  list.splice(sort - 1, 0, moved);
  return list.map((question, index) => ({ ...question, sort: index + 1 }));
}

/**
 * The writes of the questions tab, all through useEditorWrites (docs/editor.md "Questions
 * and logic"): field edits are optimistic and undoable; creating, copying and deleting
 * record their own undo.
 */
export function useQuestionWrites(quizId: number) {
  const { t } = useTranslation();
  const client = useApiClient();
  const writes = useEditorWrites();
  return useMemo(() => {
    const api = questionApi(client);
    const { ids } = writes;
    const listKey = questionKeys.list(quizId);
    // Ids are read when a write is made: an undo may have created the record again.
    const questionId = (id: number) => ids.current("question", id);
    const answerId = (id: number) => ids.current("answer", id);
    const conditionId = (id: number) => ids.current("questionCondition", id);
    const replaceQuestion = (id: number, update: (question: Question) => Question) =>
      cacheUpdate<Question[]>(listKey, (list) =>
        list.map((question) => (question.id === questionId(id) ? update(question) : question)),
      );
    const replaceAnswer = (answer: Answer, update: (old: Answer) => Answer) =>
      cacheUpdate<Answer[]>(questionKeys.answers(questionId(answer.question)), (list) =>
        list.map((item) => (item.id === answerId(answer.id) ? update(item) : item)),
      );
    /** Every answer list and every question's conditions (ids may have moved). */
    const answersAndConditions = [["question"], questionKeys.conditionsAll(quizId)];

    /** A field of the question (title, texts, required, video link). */
    const patchQuestion = (question: Question, patch: QuestionFieldPatch, label: string) => {
      const old = previousValues(question as QuestionFieldPatch, patch);
      return writes.writeEdit({
        label,
        apply: {
          send: () => api.updateQuestion(questionId(question.id), patch),
          optimistic: [replaceQuestion(question.id, (q) => ({ ...q, ...patch }) as Question)],
        },
        revert: {
          send: () => api.updateQuestion(questionId(question.id), old),
          optimistic: [replaceQuestion(question.id, (q) => ({ ...q, ...old }) as Question)],
        },
      });
    };

    /** Keys of `config` (a merge patch); `rereadQuiz` re-reads all of the quiz after (conditions). */
    const patchConfig = (
      question: Question,
      patch: QuestionConfig,
      label: string,
      rereadQuiz = false,
    ) => {
      const old = previousConfig(question.config, patch);
      const refresh = rereadQuiz ? questionKeys.beyondQuestion(quizId) : [];
      const withConfig = (values: object) => (q: Question) =>
        ({ ...q, config: { ...q.config, ...values } }) as Question;
      return writes.writeEdit({
        label,
        apply: {
          send: () => api.updateQuestion(questionId(question.id), { config: patch }),
          optimistic: [replaceQuestion(question.id, withConfig(patch))],
          refresh,
        },
        revert: {
          send: () => api.updateQuestion(questionId(question.id), { config: old }),
          optimistic: [replaceQuestion(question.id, withConfig(old ?? {}))],
          refresh,
        },
      });
    };

    /**
     * Makes a question's answers what `wanted` holds, in order (texts, points, right flags):
     * the answers there are updated, missing ones created, extra ones deleted. Each wanted
     * answer's id is noted as the one written to.
     */
    const restoreAnswers = async (ofQuestion: number, wanted: readonly Answer[]) => {
      const fresh = await api.listAnswers(ofQuestion);
      for (const [index, answer] of wanted.entries()) {
        const values = { text: answer.text, points: answer.points, is_right: answer.is_right };
        const existing = fresh[index];
        const written = existing
          ? await api.updateAnswer(existing.id, values)
          : await api.createAnswer({ question: ofQuestion, ...values });
        ids.recreated("answer", answer.id, written.id);
      }
      for (const extra of fresh.slice(wanted.length)) await api.deleteAnswer(extra.id);
    };

    /**
     * Changing the type discards the answers and unfit conditions (server side). Undo
     * writes the old type back, then its answers and the conditions that referred to it.
     */
    const changeType = async (question: Question, type: Question["type"]) => {
      const from = question.type;
      let answers: Answer[] = [];
      let referring: ConditionSnapshot = { questions: [], results: [] };
      const refresh = questionKeys.beyondQuestion(quizId);
      const setType = (to: Question["type"]) => () =>
        api.updateQuestion(questionId(question.id), { type: to });
      const result = await writes.write({
        send: async () => {
          const id = questionId(question.id);
          answers = hasAnswers(from) ? await api.listAnswers(id) : [];
          referring = await conditionsReferring(client, quizId, id);
          return setType(type)();
        },
        optimistic: [replaceQuestion(question.id, (q) => ({ ...q, type }))],
        refresh,
      });
      if (result.ok) {
        writes.recordSteps({
          label: t("questions:history.type"),
          undo: {
            send: async () => {
              await setType(from)();
              if (hasAnswers(from)) await restoreAnswers(questionId(question.id), answers);
              await restoreConditions(client, ids, referring);
            },
            optimistic: [replaceQuestion(question.id, (q) => ({ ...q, type: from }))],
            refresh,
          },
          redo: {
            send: setType(type),
            optimistic: [replaceQuestion(question.id, (q) => ({ ...q, type }))],
            refresh,
          },
        });
      }
      return result;
    };

    /** Moves a question (1-based); conditions that now look forward are deleted by the server. */
    const moveQuestion = (question: Question, sort: number) => {
      const from = question.sort;
      const refresh = [listKey, questionKeys.conditionsAll(quizId)];
      return writes.writeEdit({
        label: t("questions:history.move"),
        apply: {
          send: () => api.updateQuestion(questionId(question.id), { sort }),
          optimistic: [cacheUpdate<Question[]>(listKey, (l) => moveInList(l, question.id, sort))],
          refresh,
        },
        revert: {
          send: () => api.updateQuestion(questionId(question.id), { sort: from }),
          optimistic: [cacheUpdate<Question[]>(listKey, (l) => moveInList(l, question.id, from))],
          refresh,
        },
      });
    };

    /** Creates a question; undo deletes it, redo creates it again (a new id each time). */
    const addQuestion = async (body: Omit<QuestionCreate, "quiz">) => {
      let id = 0;
      const create = async () => {
        const created = await api.createQuestion({ ...body, quiz: quizId });
        if (id !== 0) ids.recreated("question", id, created.id);
        id = created.id;
        return created;
      };
      const result = await writes.write({ send: create, refresh: [listKey] });
      if (result.ok) {
        writes.history.record({
          label: t("questions:history.add"),
          undo: () => mustWrite(() => api.deleteQuestion(id)),
          redo: () => mustWrite(create),
        });
      }
      return result;
    };

    const mustWrite = async (send: () => Promise<unknown>) => {
      const result = await writes.write({ send, refresh: questionKeys.beyondQuestion(quizId) });
      if (!result.ok) throw result.error;
    };

    const copyQuestion = async (question: Question) => {
      let id = 0;
      const copy = async () => {
        const created = await api.copyQuestion(questionId(question.id));
        if (id !== 0) ids.recreated("question", id, created.id);
        id = created.id;
        return created;
      };
      const result = await writes.write({
        send: copy,
        refresh: [listKey, questionKeys.conditionsAll(quizId)],
      });
      if (result.ok) {
        writes.history.record({
          label: t("questions:history.copy"),
          undo: () => mustWrite(() => api.deleteQuestion(id)),
          redo: () => mustWrite(copy),
        });
      }
      return result;
    };

    /**
     * Deletes a question. Undo creates it again at its place with its fields and answers'
     * texts, points and right flags (conditions and images are not brought back).
     */
    const deleteQuestion = async (question: Question) => {
      let answers: Answer[] = [];
      const recreate = async () => {
        const { type, title, description, button_text, required, video_url, config, sort } =
          question;
        const created = await api.createQuestion({
          quiz: quizId,
          type,
          title,
          description,
          button_text,
          required,
          config,
          sort,
          ...(video_url ? { video_url } : {}),
        });
        ids.recreated("question", question.id, created.id);
        await restoreAnswers(created.id, answers);
        return created;
      };
      const result = await writes.write({
        send: async () => {
          const id = questionId(question.id);
          answers = hasAnswers(question.type) ? await api.listAnswers(id) : [];
          await api.deleteQuestion(id);
        },
        optimistic: [
          cacheUpdate<Question[]>(listKey, (list) =>
            list.filter((q) => q.id !== questionId(question.id)),
          ),
        ],
        refresh: questionKeys.beyondQuestion(quizId),
      });
      if (result.ok) {
        writes.history.record({
          label: t("questions:history.delete"),
          undo: () => mustWrite(recreate),
          redo: () => mustWrite(() => api.deleteQuestion(questionId(question.id))),
        });
      }
      return result;
    };

    const patchAnswer = (answer: Answer, patch: AnswerFieldPatch, label: string) => {
      const old = previousValues(answer as AnswerFieldPatch, patch);
      return writes.writeEdit({
        label,
        apply: {
          send: () => api.updateAnswer(answerId(answer.id), patch),
          optimistic: [replaceAnswer(answer, (a) => ({ ...a, ...patch }))],
        },
        revert: {
          send: () => api.updateAnswer(answerId(answer.id), old),
          optimistic: [replaceAnswer(answer, (a) => ({ ...a, ...old }))],
        },
      });
    };

    /** Creates an answer again with its values and place; its new id is noted. */
    const recreateAnswer = async (answer: Answer) => {
      const { text, points, is_right, sort } = answer;
      const created = await api.createAnswer({
        question: questionId(answer.question),
        text,
        points,
        is_right,
        sort,
      });
      ids.recreated("answer", answer.id, created.id);
      return created;
    };
    const removeAnswer = (answer: Answer) => ({
      send: () => api.deleteAnswer(answerId(answer.id)),
      optimistic: [
        cacheUpdate<Answer[]>(questionKeys.answers(questionId(answer.question)), (list) =>
          list.filter((a) => a.id !== answerId(answer.id)),
        ),
      ],
      refresh: answersAndConditions,
    });

    /** Adds an answer; undo deletes it, redo creates it again (as it was made). */
    const addAnswer = async (ofQuestion: number) => {
      const result = await writes.write({
        send: () => api.createAnswer({ question: questionId(ofQuestion) }),
        refresh: answersAndConditions,
      });
      if (result.ok) {
        const created = result.value;
        writes.recordSteps({
          label: t("questions:history.addAnswer"),
          undo: removeAnswer(created),
          redo: { send: () => recreateAnswer(created), refresh: answersAndConditions },
        });
      }
      return result;
    };

    /**
     * Deletes an answer. Undo creates it again at its place with its text, points and right
     * flag, and puts it back into the conditions that chose it (the server took it out of
     * them, and deleted those left with no answer).
     */
    const deleteAnswer = async (answer: Answer) => {
      let referring: ConditionSnapshot = { questions: [], results: [] };
      const apply = removeAnswer(answer);
      const result = await writes.write({
        ...apply,
        send: async () => {
          referring = await conditionsReferring(client, quizId, questionId(answer.question));
          return apply.send();
        },
      });
      if (result.ok) {
        writes.recordSteps({
          label: t("questions:history.deleteAnswer"),
          undo: {
            send: async () => {
              await recreateAnswer(answer);
              await restoreConditions(client, ids, referring);
            },
            refresh: [...answersAndConditions, ["result"]],
          },
          redo: removeAnswer(answer),
        });
      }
      return result;
    };

    const conditionsKey = (condition: Pick<QuestionCondition, "question">) =>
      questionKeys.conditions(quizId, questionId(condition.question));
    const removeCondition = (condition: QuestionCondition) => ({
      send: () => api.deleteCondition(conditionId(condition.id)),
      optimistic: [
        cacheUpdate<QuestionCondition[]>(conditionsKey(condition), (list) =>
          list.filter((c) => c.id !== conditionId(condition.id)),
        ),
      ],
      refresh: [questionKeys.conditionsAll(quizId)],
    });
    const recreateCondition = (condition: QuestionCondition) => ({
      send: () => recreateQuestionCondition(client, ids, condition),
      refresh: [questionKeys.conditionsAll(quizId)],
    });

    /** Adds a condition; undo deletes it, redo creates it again with the same values. */
    const addCondition = async (body: Parameters<typeof api.createCondition>[0]) => {
      const result = await writes.write({
        send: () => api.createCondition(body),
        refresh: [questionKeys.conditionsAll(quizId)],
      });
      if (result.ok) {
        writes.recordSteps({
          label: t("questions:history.addCondition"),
          undo: removeCondition(result.value),
          redo: recreateCondition(result.value),
        });
      }
      return result;
    };

    const patchCondition = (
      condition: QuestionCondition,
      patch: Parameters<typeof api.updateCondition>[1],
    ) => {
      const old = previousValues(condition as typeof patch, patch);
      const replace = (values: object) =>
        cacheUpdate<QuestionCondition[]>(conditionsKey(condition), (list) =>
          list.map((c) =>
            c.id === conditionId(condition.id) ? ({ ...c, ...values } as QuestionCondition) : c,
          ),
        );
      return writes.writeEdit({
        label: t("questions:history.condition"),
        apply: {
          send: () => api.updateCondition(conditionId(condition.id), patch),
          optimistic: [replace(patch)],
        },
        revert: {
          send: () => api.updateCondition(conditionId(condition.id), old),
          optimistic: [replace(old)],
        },
      });
    };

    /** Deletes a condition; undo creates it again with its values. */
    const deleteCondition = async (condition: QuestionCondition) => {
      const result = await writes.write(removeCondition(condition));
      if (result.ok) {
        writes.recordSteps({
          label: t("questions:history.deleteCondition"),
          undo: recreateCondition(condition),
          redo: removeCondition(condition),
        });
      }
      return result;
    };

    return {
      patchQuestion,
      patchConfig,
      changeType,
      moveQuestion,
      addQuestion,
      copyQuestion,
      deleteQuestion,
      patchAnswer,
      addAnswer,
      deleteAnswer,
      addCondition,
      patchCondition,
      deleteCondition,
    };
  }, [client, quizId, t, writes]);
}
export type QuestionWrites = ReturnType<typeof useQuestionWrites>;
