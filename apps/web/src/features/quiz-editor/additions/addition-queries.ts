import { endpoints } from "@leadquiz/contract";
import { useQuery } from "@tanstack/react-query";
import { useApiClient } from "@/shared/api/services-context";

export const additionsQueryKey = (quizId: number) => ["quiz", quizId, "additions"] as const;

/** `GET addition/{quizId}/by_quiz`. */
export function useAdditions(quizId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: additionsQueryKey(quizId),
    queryFn: ({ signal }) => api.call(endpoints.listAdditions, { params: { id: quizId }, signal }),
  });
}
