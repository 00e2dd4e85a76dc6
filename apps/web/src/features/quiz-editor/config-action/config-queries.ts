import { endpoints, type QuizConfig } from "@leadquiz/contract";
import { useQuery } from "@tanstack/react-query";
import { isApiError } from "@/shared/api/api-error";
import { useApiClient } from "@/shared/api/services-context";

export const quizConfigQueryKey = (quizId: number) => ["quiz-config", quizId] as const;

/**
 * `GET config/quiz/{quiz id}` with its embed snippets. A quiz has no config until one is
 * created (the API answers 404): the tab then creates it with every section at its
 * defaults (`POST config/quiz/ {quiz}`) and reads it again for the snippets. A create
 * refused because another tab created it first is followed by the same read.
 */
export function useQuizConfig(quizId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: quizConfigQueryKey(quizId),
    queryFn: async ({ signal }): Promise<QuizConfig> => {
      const read = () => api.call(endpoints.getQuizConfig, { params: { id: quizId }, signal });
      try {
        return await read();
      } catch (error) {
        if (!isApiError(error) || error.status !== 404) throw error;
      }
      try {
        await api.call(endpoints.createQuizConfig, { body: { quiz: quizId } });
      } catch (error) {
        if (!isApiError(error) || error.status !== 400) throw error;
      }
      return read();
    },
  });
}
