import { endpoints, type QuizConfig } from "@leadquiz/contract";
import { useEditorQuiz } from "../fields/use-editor-quiz";
import { usePatchEdit } from "../fields/use-patch-edit";
import { type SectionName, type Sections, sectionOf } from "./config-defaults";
import { quizConfigQueryKey } from "./config-queries";

/**
 * An undoable merge patch of one section of the quiz config (`PATCH config/quiz/{config id}/`):
 * shown at once, the old values of the same keys are the undo, and the config is re-read
 * afterwards, which brings the snippets built from the new values. Extra top-level keys
 * (`icon_kind` with the trigger's format) go in the same request.
 */
export function useConfigPatch(config: QuizConfig) {
  const patch = usePatchEdit();
  const { quizId } = useEditorQuiz();
  return <K extends SectionName>(
    section: K,
    label: string,
    next: Partial<Sections[K]>,
    extra: { next: Record<string, unknown>; previous: Record<string, unknown> } = {
      next: {},
      previous: {},
    },
  ) => {
    const current = sectionOf(config, section) as Record<string, unknown>;
    const stored = config[section] as Record<string, unknown>;
    const previous: Record<string, unknown> = {};
    // A key never stored goes back to missing (null clears it), so its default applies again.
    for (const key of Object.keys(next)) previous[key] = key in stored ? current[key] : null;
    return patch({
      label,
      record: { endpoint: endpoints.updateQuizConfig, id: config.id },
      place: { queryKey: quizConfigQueryKey(quizId), kind: "record" },
      next: { [section]: next, ...extra.next },
      previous: { [section]: previous, ...extra.previous },
    });
  };
}
