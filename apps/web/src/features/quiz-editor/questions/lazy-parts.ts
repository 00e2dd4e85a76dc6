import { type ComponentType, createElement, lazy, useState } from "react";

/**
 * The questions tab's heavier parts, loaded apart from the list (docs/editor.md "Start
 * time"): a card's editor (every field of the seven types, answers, media), the start page
 * and the logic setup. Opening the tab loads only the list; `preloadQuestionParts` fetches
 * the rest once the list is on screen, so a card opens without waiting.
 */
type EditorModule = typeof import("./editor/question-editor");
type Props<C> = C extends ComponentType<infer P> ? P : never;

/** The editor's module once loaded: a card then renders it at once, with no fallback. */
let loadedEditor: EditorModule | null = null;
const loadQuestionEditor = () =>
  import("./editor/question-editor").then((module) => {
    loadedEditor = module;
    return module;
  });
const loadStartPageForm = () => import("./start-page/start-page-form");
const loadLogicSetup = () => import("./logic/logic-setup");

const LazyQuestionEditor = lazy(async () => ({
  default: (await loadQuestionEditor()).QuestionEditor,
}));

/**
 * A card's editor: rendered directly when loaded ahead, else through Suspense. The choice
 * is made once per card opening, so the editor is never remounted under the owner's hands.
 */
export function QuestionEditor(props: Props<EditorModule["QuestionEditor"]>) {
  const [Editor] = useState(() => loadedEditor?.QuestionEditor ?? LazyQuestionEditor);
  return createElement(Editor, props);
}
export const StartPageForm = lazy(async () => ({
  default: (await loadStartPageForm()).StartPageForm,
}));
export const LogicSetup = lazy(async () => ({ default: (await loadLogicSetup()).LogicSetup }));

/** Loads the parts ahead of need (a failure is left to the part's own load to show). */
export function preloadQuestionParts(): void {
  for (const load of [loadQuestionEditor, loadStartPageForm, loadLogicSetup]) {
    load().catch(() => undefined);
  }
}
