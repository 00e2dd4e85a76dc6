import {
  type Answer,
  type AnswerCreate,
  type AnswerUpdate,
  endpoints,
  type Question,
  type QuestionCondition,
  type QuestionConditionCreate,
  type QuestionConditionUpdate,
  type QuestionCreate,
  type QuestionUpdate,
} from "@leadquiz/contract";
import { type QueryKey, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { ApiClient } from "@/shared/api/api-client";
import { EDITOR_READ_FRESH_MS } from "@/shared/api/quiz-queries";
import { useApiClient } from "@/shared/api/services-context";
import { answersQueryKey } from "../../results/api/result-queries";

/** Query keys of the questions tab: one query per list (docs/editor.md "Questions and logic"). */
export const questionKeys = {
  list: (quizId: number) => ["quiz", quizId, "questions"] as const,
  /** A question's answers: the key the results tab reads them under too (one cache entry). */
  answers: (questionId: number) => answersQueryKey(questionId),
  conditionsAll: (quizId: number) => ["quiz", quizId, "conditions"] as const,
  conditions: (quizId: number, questionId: number) =>
    ["quiz", quizId, "conditions", questionId] as const,
  /**
   * What to re-read after a change that reaches beyond the question (a type change, turning
   * multiple choice off, deleting a question): everything of the quiz, every answer list
   * and every result's conditions (formulas and result conditions change with it).
   */
  beyondQuestion: (quizId: number): QueryKey[] => [["quiz", quizId], ["question"], ["result"]],
};

/** Questions in the order visitors see them (sort ascending, then id). */
export function ordered(questions: readonly Question[]): Question[] {
  return [...questions].sort((a, b) => a.sort - b.sort || a.id - b.id);
}

/** The read of `GET quiz/{id}/question_list/`, for the list and for reading it ahead. */
export function questionListQuery(api: ApiClient, quizId: number) {
  return {
    queryKey: questionKeys.list(quizId),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.call(endpoints.listQuestions, { params: { id: quizId }, signal }),
    // Read ahead by the editor's frame: the tab mounting just after uses that read.
    staleTime: EDITOR_READ_FRESH_MS,
  };
}

/** `GET quiz/{id}/question_list/` (listQuizQuestions). */
export function useQuestionList(quizId: number) {
  const api = useApiClient();
  return useQuery({ ...questionListQuery(api, quizId), select: ordered });
}

function answersQuery(api: ApiClient, questionId: number) {
  return {
    queryKey: questionKeys.answers(questionId),
    // Fresh for a moment like the list: the card reads them ahead of drawing its answers.
    staleTime: EDITOR_READ_FRESH_MS,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.call(endpoints.listAnswers, { params: { id: questionId }, signal }),
    select: (answers: Answer[]) => [...answers].sort((a, b) => a.sort - b.sort || a.id - b.id),
  };
}

/** `GET question/{id}/answer_list/` of one question. */
export function useAnswers(questionId: number, enabled = true) {
  const api = useApiClient();
  return useQuery({ ...answersQuery(api, questionId), enabled });
}

/**
 * Starts reading a question's answers without drawing anything with them: an opened card
 * reads them while it draws its title, before its answers part is drawn.
 */
export function usePrefetchAnswers(questionId: number, enabled: boolean) {
  const api = useApiClient();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (enabled) void queryClient.prefetchQuery(answersQuery(api, questionId));
  }, [api, queryClient, questionId, enabled]);
}

/** The answers of several questions at once (the logic tab), by question id. */
export function useAnswersOf(questionIds: readonly number[]) {
  const api = useApiClient();
  return useQueries({
    queries: questionIds.map((id) => answersQuery(api, id)),
    combine: (results) =>
      new Map(questionIds.map((id, index) => [id, results[index]?.data ?? []] as const)),
  });
}

/** `GET questionconditionlist/{question id}/`. */
export function useConditions(quizId: number, questionId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: questionKeys.conditions(quizId, questionId),
    queryFn: ({ signal }) =>
      api.call(endpoints.listQuestionConditions, { params: { id: questionId }, signal }),
  });
}

/** The API calls of the tab (each answers the saved record). */
export function questionApi(api: ApiClient) {
  return {
    createQuestion: (body: QuestionCreate) => api.call(endpoints.createQuestion, { body }),
    updateQuestion: (id: number, body: QuestionUpdate) =>
      api.call(endpoints.updateQuestion, { params: { id }, body }),
    deleteQuestion: (id: number) => api.call(endpoints.deleteQuestion, { params: { id } }),
    copyQuestion: (id: number) => api.call(endpoints.copyQuestion, { body: { id } }),
    createAnswer: (body: AnswerCreate) => api.call(endpoints.createAnswer, { body }),
    updateAnswer: (id: number, body: AnswerUpdate) =>
      api.call(endpoints.updateAnswer, { params: { id }, body }),
    deleteAnswer: (id: number) => api.call(endpoints.deleteAnswer, { params: { id } }),
    listAnswers: (questionId: number) =>
      api.call(endpoints.listAnswers, { params: { id: questionId } }),
    createCondition: (body: QuestionConditionCreate) =>
      api.call(endpoints.createQuestionCondition, { body }),
    updateCondition: (id: number, body: QuestionConditionUpdate) =>
      api.call(endpoints.updateQuestionCondition, { params: { id }, body }),
    deleteCondition: (id: number) =>
      api.call(endpoints.deleteQuestionCondition, { params: { id } }),
  };
}
export type QuestionApi = ReturnType<typeof questionApi>;

export type { Answer, Question, QuestionCondition };
