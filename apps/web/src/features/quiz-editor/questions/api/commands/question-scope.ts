import type { QueryKey } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import type { ApiClient } from "@/shared/api/api-client";
import { type CacheUpdate, cacheUpdate } from "../../../state/editor-writes";
import type { RecreatedIds } from "../../../state/recreated-ids";
import {
  type Answer,
  type Question,
  type QuestionApi,
  type QuestionCondition,
  questionApi,
  questionKeys,
} from "../question-queries";

/**
 * What every command of the questions tab is built with: the API, the query keys, the cache
 * updates, and the ids of records as they are now. Ids are resolved when a write is sent,
 * never when it is recorded: an undo may have created the record again under a new id
 * (RecreatedIds, docs/editor.md "Re-created records").
 */
export interface QuestionScope {
  quizId: number;
  client: ApiClient;
  api: QuestionApi;
  ids: RecreatedIds;
  t: TFunction;
  listKey: ReturnType<typeof questionKeys.list>;
  questionId(id: number): number;
  answerId(id: number): number;
  conditionId(id: number): number;
  /** Every answer list and every question's conditions (ids may have moved). */
  answersAndConditions: QueryKey[];
  replaceQuestion(id: number, update: (question: Question) => Question): CacheUpdate;
  replaceAnswer(answer: Answer, update: (old: Answer) => Answer): CacheUpdate;
  conditionsKey(condition: Pick<QuestionCondition, "question">): QueryKey;
}

export function questionScope(options: {
  quizId: number;
  client: ApiClient;
  ids: RecreatedIds;
  t: TFunction;
}): QuestionScope {
  const { quizId, ids } = options;
  const listKey = questionKeys.list(quizId);
  const questionId = (id: number) => ids.current("question", id);
  const answerId = (id: number) => ids.current("answer", id);
  return {
    ...options,
    api: questionApi(options.client),
    listKey,
    questionId,
    answerId,
    conditionId: (id) => ids.current("questionCondition", id),
    answersAndConditions: [["question"], questionKeys.conditionsAll(quizId)],
    replaceQuestion: (id, update) =>
      cacheUpdate<Question[]>(listKey, (list) =>
        list.map((question) => (question.id === questionId(id) ? update(question) : question)),
      ),
    replaceAnswer: (answer, update) =>
      cacheUpdate<Answer[]>(questionKeys.answers(questionId(answer.question)), (list) =>
        list.map((item) => (item.id === answerId(answer.id) ? update(item) : item)),
      ),
    conditionsKey: (condition) => questionKeys.conditions(quizId, questionId(condition.question)),
  };
}

/** The values a patch would change, as they are now (to write back on undo). */
export function previousValues<T extends object>(current: T, patch: Partial<T>): Partial<T> {
  const old: Partial<T> = {};
  for (const key of Object.keys(patch) as (keyof T)[]) old[key] = current[key];
  return old;
}
