import { lazy } from "react";

/**
 * The questions tab's heavier parts, loaded apart from the list (docs/editor.md "Start
 * time"): a card's editor (every field of the seven types, answers, media), the start page
 * and the logic setup. Opening the tab loads only the list; `preloadQuestionParts` fetches
 * the rest once the list is on screen, so a card opens without waiting.
 */
const loadQuestionEditor = () => import("./editor/question-editor");
const loadStartPageForm = () => import("./start-page/start-page-form");
const loadLogicSetup = () => import("./logic/logic-setup");

export const QuestionEditor = lazy(async () => ({
  default: (await loadQuestionEditor()).QuestionEditor,
}));
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
