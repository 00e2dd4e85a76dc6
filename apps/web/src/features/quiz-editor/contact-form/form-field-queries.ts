import { endpoints } from "@leadquiz/contract";
import { useQuery } from "@tanstack/react-query";
import { useApiClient } from "@/shared/api/services-context";

export const formFieldsQueryKey = (quizId: number) => ["quiz", quizId, "form-fields"] as const;

/** `GET quiz/{id}/formfield_list/`. */
export function useFormFields(quizId: number) {
  const api = useApiClient();
  return useQuery({
    queryKey: formFieldsQueryKey(quizId),
    queryFn: ({ signal }) => api.call(endpoints.listFormFields, { params: { id: quizId }, signal }),
  });
}
