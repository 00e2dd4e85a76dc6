import type { QuestionConfig, QuestionCreate, QuestionUpdate } from "@leadquiz/contract";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useApiClient } from "@/shared/api/services-context";
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
    const listKey = questionKeys.list(quizId);
    const replaceQuestion = (id: number, update: (question: Question) => Question) =>
      cacheUpdate<Question[]>(listKey, (list) =>
        list.map((question) => (question.id === id ? update(question) : question)),
      );
    const replaceAnswer = (answer: Answer, update: (old: Answer) => Answer) =>
      cacheUpdate<Answer[]>(questionKeys.answers(answer.question), (list) =>
        list.map((item) => (item.id === answer.id ? update(item) : item)),
      );

    /** A field of the question (title, texts, required, video link). */
    const patchQuestion = (question: Question, patch: QuestionFieldPatch, label: string) => {
      const old = previousValues(question as QuestionFieldPatch, patch);
      return writes.writeEdit({
        label,
        apply: {
          send: () => api.updateQuestion(question.id, patch),
          optimistic: [replaceQuestion(question.id, (q) => ({ ...q, ...patch }) as Question)],
        },
        revert: {
          send: () => api.updateQuestion(question.id, old),
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
          send: () => api.updateQuestion(question.id, { config: patch }),
          optimistic: [replaceQuestion(question.id, withConfig(patch))],
          refresh,
        },
        revert: {
          send: () => api.updateQuestion(question.id, { config: old }),
          optimistic: [replaceQuestion(question.id, withConfig(old ?? {}))],
          refresh,
        },
      });
    };

    /** Changing the type discards the answers and unfit conditions (server side). */
    const changeType = (question: Question, type: Question["type"]) =>
      writes.write({
        send: () => api.updateQuestion(question.id, { type }),
        optimistic: [replaceQuestion(question.id, (q) => ({ ...q, type }))],
        refresh: questionKeys.beyondQuestion(quizId),
      });

    /** Moves a question (1-based); conditions that now look forward are deleted by the server. */
    const moveQuestion = (question: Question, sort: number) => {
      const from = question.sort;
      const refresh = [listKey, questionKeys.conditionsAll(quizId)];
      return writes.writeEdit({
        label: t("questions:history.move"),
        apply: {
          send: () => api.updateQuestion(question.id, { sort }),
          optimistic: [cacheUpdate<Question[]>(listKey, (l) => moveInList(l, question.id, sort))],
          refresh,
        },
        revert: {
          send: () => api.updateQuestion(question.id, { sort: from }),
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
        const created = await api.copyQuestion(question.id);
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
      let id = question.id;
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
        id = created.id;
        await restoreAnswers(created.id, answers);
        return created;
      };
      const restoreAnswers = async (questionId: number, wanted: readonly Answer[]) => {
        const fresh = await api.listAnswers(questionId);
        for (const [index, answer] of wanted.entries()) {
          const values = { text: answer.text, points: answer.points, is_right: answer.is_right };
          const existing = fresh[index];
          if (existing) await api.updateAnswer(existing.id, values);
          else await api.createAnswer({ question: questionId, ...values });
        }
        for (const extra of fresh.slice(wanted.length)) await api.deleteAnswer(extra.id);
      };
      const result = await writes.write({
        send: async () => {
          answers = hasAnswers(question.type) ? await api.listAnswers(question.id) : [];
          await api.deleteQuestion(question.id);
        },
        optimistic: [
          cacheUpdate<Question[]>(listKey, (list) => list.filter((q) => q.id !== question.id)),
        ],
        refresh: questionKeys.beyondQuestion(quizId),
      });
      if (result.ok) {
        writes.history.record({
          label: t("questions:history.delete"),
          undo: () => mustWrite(recreate),
          redo: () => mustWrite(() => api.deleteQuestion(id)),
        });
      }
      return result;
    };

    const patchAnswer = (answer: Answer, patch: AnswerFieldPatch, label: string) => {
      const old = previousValues(answer as AnswerFieldPatch, patch);
      return writes.writeEdit({
        label,
        apply: {
          send: () => api.updateAnswer(answer.id, patch),
          optimistic: [replaceAnswer(answer, (a) => ({ ...a, ...patch }))],
        },
        revert: {
          send: () => api.updateAnswer(answer.id, old),
          optimistic: [replaceAnswer(answer, (a) => ({ ...a, ...old }))],
        },
      });
    };

    /** Answers are added and deleted without undo (docs/editor.md "Questions and logic"). */
    const addAnswer = (questionId: number) =>
      writes.write({
        send: () => api.createAnswer({ question: questionId }),
        refresh: [questionKeys.answers(questionId)],
      });

    const deleteAnswer = (answer: Answer) =>
      writes.write({
        send: () => api.deleteAnswer(answer.id),
        optimistic: [
          cacheUpdate<Answer[]>(questionKeys.answers(answer.question), (list) =>
            list.filter((a) => a.id !== answer.id),
          ),
        ],
        refresh: [questionKeys.answers(answer.question), questionKeys.conditionsAll(quizId)],
      });

    const conditionsKey = (condition: Pick<QuestionCondition, "question">) =>
      questionKeys.conditions(quizId, condition.question);

    const addCondition = (body: Parameters<typeof api.createCondition>[0]) =>
      writes.write({
        send: () => api.createCondition(body),
        refresh: [questionKeys.conditions(quizId, body.question)],
      });

    const patchCondition = (
      condition: QuestionCondition,
      patch: Parameters<typeof api.updateCondition>[1],
    ) => {
      const old = previousValues(condition as typeof patch, patch);
      const replace = (values: object) =>
        cacheUpdate<QuestionCondition[]>(conditionsKey(condition), (list) =>
          list.map((c) => (c.id === condition.id ? ({ ...c, ...values } as QuestionCondition) : c)),
        );
      return writes.writeEdit({
        label: t("questions:history.condition"),
        apply: {
          send: () => api.updateCondition(condition.id, patch),
          optimistic: [replace(patch)],
        },
        revert: {
          send: () => api.updateCondition(condition.id, old),
          optimistic: [replace(old)],
        },
      });
    };

    const deleteCondition = (condition: QuestionCondition) =>
      writes.write({
        send: () => api.deleteCondition(condition.id),
        optimistic: [
          cacheUpdate<QuestionCondition[]>(conditionsKey(condition), (list) =>
            list.filter((c) => c.id !== condition.id),
          ),
        ],
        refresh: [conditionsKey(condition)],
      });

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
