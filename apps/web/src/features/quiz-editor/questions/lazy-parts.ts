import {
  type ComponentType,
  createElement,
  lazy,
  type ReactNode,
  useEffect,
  useState,
} from "react";

/**
 * The questions tab's heavier parts, loaded apart from the list (docs/editor.md "Start
 * time"): a card's editor (every field of the seven types, answers, media), the start page
 * and the logic setup. Opening the tab loads only the list; the editor's read-ahead asks for
 * a card's editor with the quiz (`preloadQuestionEditor`) and `preloadQuestionParts` for the
 * rest once the list is on screen, so a card opens without waiting.
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

type EditorProps = Props<EditorModule["QuestionEditor"]>;

/**
 * A card's editor: rendered directly when loaded ahead; else `fallback` until its module
 * is in, then the editor. Not through React.lazy and Suspense: React reveals a suspended
 * part no sooner than 300 ms after its fallback appeared (its throttle against content
 * popping in piece by piece), so a card opened while the module was still on its way
 * showed its title ~0.4 s after the click at 4x CPU, however soon the module came. A
 * module that fails to load is thrown to the error boundary, as a lazy part's is.
 */
export function QuestionEditor({ fallback, ...props }: EditorProps & { fallback: ReactNode }) {
  const [module, setModule] = useState<
    { Editor: EditorModule["QuestionEditor"] } | { error: unknown } | null
  >(() => (loadedEditor ? { Editor: loadedEditor.QuestionEditor } : null));
  useEffect(() => {
    if (module) return;
    let live = true;
    loadQuestionEditor().then(
      (loaded) => live && setModule({ Editor: loaded.QuestionEditor }),
      (error: unknown) => live && setModule({ error }),
    );
    return () => {
      live = false;
    };
  }, [module]);
  if (!module) return fallback;
  if ("error" in module) throw module.error;
  return createElement(module.Editor, props);
}
export const StartPageForm = lazy(async () => ({
  default: (await loadStartPageForm()).StartPageForm,
}));
export const LogicSetup = lazy(async () => ({ default: (await loadLogicSetup()).LogicSetup }));

/** Loads a card's editor ahead of need (a failure is left to the card's own load to show). */
export function preloadQuestionEditor(): void {
  loadQuestionEditor().catch(() => undefined);
}

/** Loads the parts ahead of need (a failure is left to the part's own load to show). */
export function preloadQuestionParts(): void {
  for (const load of [loadQuestionEditor, loadStartPageForm, loadLogicSetup]) {
    load().catch(() => undefined);
  }
}
