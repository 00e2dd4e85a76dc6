import type { LeadResponse, PublicQuiz } from "@leadquiz/contract";
import {
  PREVIEW_SOURCE,
  type PreviewFrameMessage,
  readPreviewShow,
} from "@leadquiz/contract/preview";
import { render } from "react-dom";
import { partForFirst } from "./player/parts";
import { QuizPlayer } from "./player/quiz-player";
import type { SubmitOutcome } from "./submission-queue";
import { loadVisitorTexts, type VisitorTexts } from "./texts";

/**
 * The owner editor's preview (docs/editor.md "Preview, publishing, history"): the real
 * player in the page `/q/-/preview`, framed by the owner app of the same origin, showing
 * the snapshots the editor posts. Only messages from the parent window of this origin are
 * read. Nothing goes to the server: no session, no funnel events, no lead (the form ends
 * on the thank-you screen at once; results are the engine's, from the owner's snapshot),
 * no redirect. Each new snapshot re-renders the same player, so the visitor stays on the
 * screen they were on; when that question is gone (or `restart`), it starts over.
 */
export interface PreviewHost {
  /** The window the preview page runs in. */
  window: Window;
  element: Element;
  /** The texts of a language (loaded on demand by default). */
  loadTexts?: (language: string) => Promise<VisitorTexts>;
}

/** The answer the preview gives the player for its lead: accepted, nothing sent. */
const LOCAL_RESPONSE: LeadResponse = { lead: 0, results: [], redirect_url: null };
const submitLocally = (): Promise<SubmitOutcome> =>
  Promise.resolve({ status: "sent", response: LOCAL_RESPONSE });
const stayHere = () => undefined;

/** Whether the screen on show (the player's `data-lq-step`) still exists in `quiz`. */
function stepStillThere(element: Element, quiz: PublicQuiz): boolean {
  const step = element.querySelector<HTMLElement>("[data-lq-step]")?.dataset.lqStep;
  const question = step && /^q(\d+)$/.exec(step);
  if (!question) return true;
  return quiz.questions.some((q) => q.id === Number(question[1]));
}

/** Starts listening for snapshots; answers a function that stops it. */
export function startPreview(host: PreviewHost): () => void {
  const { window: w, element } = host;
  const loadTexts = host.loadTexts ?? loadVisitorTexts;
  let run = 0;
  let latest = 0;
  const post = (message: PreviewFrameMessage) => w.parent.postMessage(message, w.location.origin);

  const onMessage = async (event: MessageEvent) => {
    if (event.origin !== w.location.origin || event.source !== w.parent) return;
    const message = readPreviewShow(event.data);
    if (!message || message.seq <= latest) return;
    latest = message.seq;
    const { quiz } = message;
    // The first screen's part too (a quiz without a start page begins on a later screen).
    const [texts] = await Promise.all([loadTexts(quiz.language), partForFirst(quiz)?.load()]);
    if (message.seq !== latest) return; // a newer snapshot came while the texts loaded
    if (message.restart || !stepStillThere(element, quiz)) run += 1;
    render(
      <QuizPlayer key={run} quiz={quiz} texts={texts} submit={submitLocally} navigate={stayHere} />,
      element,
    );
    post({ source: PREVIEW_SOURCE, type: "shown", seq: message.seq });
  };

  w.addEventListener("message", onMessage);
  post({ source: PREVIEW_SOURCE, type: "ready" });
  return () => {
    w.removeEventListener("message", onMessage);
    render(null, element);
  };
}

/** Starts the preview when the page is the preview page (`data-leadquiz-preview`). */
export function bootPreview(w: Window = window): boolean {
  const script = w.document.querySelector<HTMLScriptElement>("script[data-leadquiz-preview]");
  if (!script) return false;
  let target = "";
  try {
    target = String((JSON.parse(script.textContent ?? "") as { target?: unknown }).target ?? "");
  } catch {
    return false;
  }
  const element = target ? w.document.getElementById(target) : null;
  if (!element) return false;
  startPreview({ window: w, element });
  return true;
}
