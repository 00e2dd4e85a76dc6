import {
  type Answer,
  type AnswerUpdate,
  answerListSchema,
  answerSchema,
  apiPaths,
  type Question,
  type QuestionCondition,
  type QuestionConditionCreate,
  type QuestionConditionUpdate,
  type QuestionCreate,
  type QuestionUpdate,
  questionConditionListSchema,
  questionConditionSchema,
  questionListSchema,
  questionSchema,
} from "@leadquiz/contract";
import { useQueries, useQuery } from "@tanstack/react-query";
import type { ApiClient } from "@/shared/api/api-client";
import { useApiClient } from "@/shared/api/services-context";

/** Query keys of the questions tab: one query per list (docs/editor.md "Questions and logic"). */
export const questionKeys = {
  /**
   * Everything read of the quiz (every key starts with it): re-read after changes that reach
   * beyond the questions tab (result conditions and formulas after a type change, turning
   * multiple choice off or deleting a question).
   */
  wholeQuiz: (quizId: number) => ["quiz", quizId] as const,
  list: (quizId: number) => ["quiz", quizId, "questions"] as const,
  answersAll: (quizId: number) => ["quiz", quizId, "answers"] as const,
  answers: (quizId: number, questionId: number) => ["quiz", quizId, "answers", questionId] as const,
  conditionsAll: (quizId: number) => ["quiz", quizId, "conditions"] as const,
  conditions: (quizId: number, questionId: number) =>
    ["quiz", quizId, "conditions", questionId] as const,
};

/** Questions in the order visitors see them (sort ascending, then id). */
export function ordered(questions: readonly Question[]): Question[] {
  return [...questions].sort((a, b) => a.sort - b.sort || a.id - b.id);
}

/** `GET quiz/{id}/question_list/` (listQuizQuestions). */
export function useQuestionList(quizId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: questionKeys.list(quizId),
    queryFn: ({ signal }) =>
      api.get(apiPaths.quizQuestionList(quizId), questionListSchema, { signal }),
    select: ordered,
  });
}

function answersQuery(api: ApiClient, quizId: number, questionId: number) {
  return {
    queryKey: questionKeys.answers(quizId, questionId),
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get(apiPaths.questionAnswerList(questionId), answerListSchema, { signal }),
    select: (answers: Answer[]) => [...answers].sort((a, b) => a.sort - b.sort || a.id - b.id),
  };
}

/** `GET question/{id}/answer_list/` of one question. */
export function useAnswers(quizId: number, questionId: number, enabled = true) {
  const api = useApiClient();
  return useQuery({ ...answersQuery(api, quizId, questionId), enabled });
}

/** The answers of several questions at once (the logic tab), by question id. */
export function useAnswersOf(quizId: number, questionIds: readonly number[]) {
  const api = useApiClient();
  return useQueries({
    queries: questionIds.map((id) => answersQuery(api, quizId, id)),
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
      api.get(apiPaths.questionConditionList(questionId), questionConditionListSchema, { signal }),
  });
}

/** The API calls of the tab (each answers the saved record). */
export function questionApi(api: ApiClient) {
  return {
    createQuestion: (body: QuestionCreate) =>
      api.post(apiPaths.questions, body, { schema: questionSchema }),
    updateQuestion: (id: number, body: QuestionUpdate) =>
      api.patch(apiPaths.questionById(id), body, { schema: questionSchema }),
    deleteQuestion: (id: number) => api.request(apiPaths.questionById(id), { method: "DELETE" }),
    copyQuestion: (id: number) =>
      api.post(apiPaths.questionCopy, { id }, { schema: questionSchema }),
    createAnswer: (body: {
      question: number;
      text?: string;
      points?: number;
      is_right?: boolean;
    }) => api.post(apiPaths.answers, body, { schema: answerSchema }),
    updateAnswer: (id: number, body: AnswerUpdate) =>
      api.patch(apiPaths.answerById(id), body, { schema: answerSchema }),
    deleteAnswer: (id: number) => api.request(apiPaths.answerById(id), { method: "DELETE" }),
    listAnswers: (questionId: number) =>
      api.get(apiPaths.questionAnswerList(questionId), answerListSchema),
    createCondition: (body: QuestionConditionCreate) =>
      api.post(apiPaths.questionConditions, body, { schema: questionConditionSchema }),
    updateCondition: (id: number, body: QuestionConditionUpdate) =>
      api.patch(apiPaths.questionConditionById(id), body, { schema: questionConditionSchema }),
    deleteCondition: (id: number) =>
      api.request(apiPaths.questionConditionById(id), { method: "DELETE" }),
  };
}
export type QuestionApi = ReturnType<typeof questionApi>;

export type { Answer, Question, QuestionCondition };
