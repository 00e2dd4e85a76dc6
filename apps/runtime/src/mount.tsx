import type { LeadResponse, LeadSubmission, PublicQuiz } from "@leadquiz/contract";
import type { AnswerMap } from "@leadquiz/engine";
import { hydrate, render } from "react-dom";
import type { QuizEvent } from "./events";
import { whenIdle } from "./lazy-part";
import type { PageContext } from "./page-context";
import type { VisitorProgress } from "./partial-lead";
import { partForFirst, screensPart } from "./player/parts";
import { QuizPlayer } from "./player/quiz-player";
import type { QueueStorage, SubmissionQueue } from "./submission-queue";
import { loadVisitorTexts, type VisitorTexts } from "./texts";

export interface MountOptions {
  quiz: PublicQuiz;
  /** Sends a lead (`POST public/quiz/{key}/lead/`); rejects with `{status}` on an HTTP error. */
  onSubmit: (submission: LeadSubmission) => Promise<LeadResponse>;
  onEvent?: ((event: QuizEvent) => void) | undefined;
  initialAnswers?: AnswerMap | undefined;
  /** Where the visitor is (a getter when it may change, e.g. the embed's `context`). */
  pageContext?: PageContext | (() => PageContext) | undefined;
  /** The visitor session's id, or a getter for it (made in the background). */
  session?: string | null | (() => string | null) | undefined;
  /** Called once per lead when the server has acknowledged it (`null`: refused for good). */
  onAcknowledged?:
    | ((submission: LeadSubmission, response: LeadResponse | null) => void)
    | undefined;
  /** The texts of the quiz language; loaded on demand (one chunk per language) when absent. */
  texts?: VisitorTexts | undefined;
  /** Where pending leads are kept (localStorage by default; null: memory only). */
  storage?: QueueStorage | null | undefined;
  navigate?: ((url: string) => void) | undefined;
  /** What the visitor gave so far, after each change (partial leads). */
  onProgress?: ((progress: VisitorProgress) => void) | undefined;
}

export interface MountedQuiz {
  /** The lead queue (its code is a lazy part: loaded in idle time or on the first lead). */
  queue: () => Promise<SubmissionQueue>;
  unmount: () => void;
}

type Listener = (submission: LeadSubmission, response: LeadResponse | null) => void;

function browserStorage(): QueueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // blocked (sandboxed frame, privacy settings): the queue keeps it in memory
  }
}

function useFont(quiz: PublicQuiz): void {
  const font = quiz.design.font;
  if (!font?.url || typeof document === "undefined") return;
  if (document.querySelector(`link[data-lq-font="${CSS.escape(font.url)}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = font.url;
  link.dataset.lqFont = font.url;
  document.head.appendChild(link);
}

/** The root carries `data-lq-hydrated` once the player took over (clicks work from then). */
export const HYDRATED_ATTRIBUTE = "data-lq-hydrated";

async function start(
  element: Element,
  options: MountOptions,
  attach: typeof render,
): Promise<MountedQuiz> {
  // The first screen's code comes first (the server rendered it: hydration must match).
  const firstPart = partForFirst(options.quiz);
  const [texts] = await Promise.all([
    options.texts ?? loadVisitorTexts(options.quiz.language),
    firstPart?.load(),
  ]);
  const listeners = new Set<Listener>();
  let queue: Promise<SubmissionQueue> | null = null;
  const queued = () => {
    queue =
      queue ??
      screensPart.load().then(({ createSubmissionQueue }) => {
        const created = createSubmissionQueue({
          quizKey: options.quiz.public_key,
          send: options.onSubmit,
          storage: options.storage === undefined ? browserStorage() : options.storage,
          onAcknowledged: (submission, response) => {
            for (const listener of listeners) listener(submission, response);
            options.onAcknowledged?.(submission, response);
          },
        });
        // A lead of an earlier visit that never reached the server goes out now.
        created.flush();
        return created;
      });
    return queue;
  };
  const watchAcknowledged = (listener: Listener) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  useFont(options.quiz);
  attach(
    <QuizPlayer
      quiz={options.quiz}
      texts={texts}
      initialAnswers={options.initialAnswers}
      submit={(submission) => queued().then((ready) => ready.submit(submission))}
      onEvent={options.onEvent}
      pageContext={options.pageContext}
      session={options.session}
      navigate={options.navigate}
      watchAcknowledged={watchAcknowledged}
      onProgress={options.onProgress}
    />,
    element,
  );
  element.firstElementChild?.setAttribute(HYDRATED_ATTRIBUTE, "");
  whenIdle(() => void queued());
  return { queue: queued, unmount: () => render(null, element) };
}

/** Renders the quiz into an element (the embed's frame, the editor preview). */
export function mountQuiz(element: Element, options: MountOptions): Promise<MountedQuiz> {
  return start(element, options, render);
}

/**
 * Takes over markup rendered on the server by `renderQuizToString` with the same quiz,
 * texts and initial answers (pass `texts` to hydrate at once).
 */
export function hydrateQuiz(element: Element, options: MountOptions): Promise<MountedQuiz> {
  return start(element, options, hydrate);
}
