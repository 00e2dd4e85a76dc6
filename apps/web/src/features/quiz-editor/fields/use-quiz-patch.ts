import { endpoints, type Quiz } from "@leadquiz/contract";
import { quizQueryKey } from "@/shared/api/quiz-queries";
import { usePatchEdit } from "./use-patch-edit";

type Section = "contact_form" | "results_settings" | "design" | "analytics";

/**
 * An undoable merge patch of one nested object of the quiz (`contact_form`,
 * `results_settings`): the old values of the same keys are the undo.
 */
export function useQuizSectionPatch(quiz: Quiz) {
  const patch = usePatchEdit();
  return <S extends Section>(section: S, label: string, next: Partial<Quiz[S]>) => {
    const previous: Record<string, unknown> = {};
    for (const key of Object.keys(next)) {
      previous[key] = (quiz[section] as Record<string, unknown>)[key] ?? null;
    }
    return patch({
      label,
      record: { endpoint: endpoints.updateQuiz, id: quiz.id },
      place: { queryKey: quizQueryKey(quiz.id), kind: "record" },
      next: { [section]: next },
      previous: { [section]: previous },
    });
  };
}
