import { endpoints } from "@leadquiz/contract";
import { questionDeletionEffects } from "@leadquiz/engine";
import { useQuery } from "@tanstack/react-query";
import { useApiClient } from "@/shared/api/services-context";

/**
 * What deleting the question would change elsewhere (the engine's questionDeletionEffects:
 * formulas it leaves, conditions that go), read from the draft as publishing would store it
 * (getQuizDraftSnapshot: every question's and result's conditions and every formula in one
 * answer). Read while the delete dialog is open (`questionId` set), fresh each time.
 */
export function useDeletionEffects(quizId: number, questionId: number | null) {
  const api = useApiClient();
  return useQuery({
    queryKey: ["quiz", quizId, "deletion-effects", questionId] as const,
    queryFn: async ({ signal }) => {
      const draft = await api.call(endpoints.getQuizDraftSnapshot, {
        params: { id: quizId },
        signal,
      });
      return { draft, effects: questionDeletionEffects(draft, questionId ?? 0) };
    },
    enabled: questionId !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
