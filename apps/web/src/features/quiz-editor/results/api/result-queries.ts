import { endpoints } from "@leadquiz/contract";
import { useQuery } from "@tanstack/react-query";
import { useApiClient } from "@/shared/api/services-context";

export const resultsQueryKey = (quizId: number) => ["quiz", quizId, "results"] as const;
export const questionsQueryKey = (quizId: number) => ["quiz", quizId, "questions"] as const;
export const resultConditionsQueryKey = (resultId: number) =>
  ["result", resultId, "conditions"] as const;
export const answersQueryKey = (questionId: number) => ["question", questionId, "answers"] as const;

/** `GET quiz/{id}/result_list/`. */
export function useResults(quizId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: resultsQueryKey(quizId),
    queryFn: ({ signal }) => api.call(endpoints.listResults, { params: { id: quizId }, signal }),
  });
}

/** `GET quiz/{id}/question_list/`: what formulas and conditions can refer to. */
export function useQuizQuestions(quizId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: questionsQueryKey(quizId),
    queryFn: ({ signal }) => api.call(endpoints.listQuestions, { params: { id: quizId }, signal }),
  });
}

/** `GET resultconditionlist/{resultId}/`. */
export function useResultConditions(resultId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: resultConditionsQueryKey(resultId),
    queryFn: ({ signal }) =>
      api.call(endpoints.listResultConditions, { params: { id: resultId }, signal }),
  });
}

/** `GET question/{id}/answer_list/` (disabled without a question). */
export function useAnswers(questionId: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: answersQueryKey(questionId ?? 0),
    queryFn: ({ signal }) =>
      api.call(endpoints.listAnswers, { params: { id: questionId ?? 0 }, signal }),
    enabled: questionId !== null,
  });
}
