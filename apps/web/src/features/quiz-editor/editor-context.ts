import type { PreviewDevice } from "@/shared/ui/preview-frame";

/** What the editor's frame (app/layouts) hands its pages through the Outlet. */
export interface QuizEditorContext {
  quizId: string;
  previewDevice: PreviewDevice;
}
