import type { PublicQuiz } from "@leadquiz/contract";
import { holdEarlyClicks } from "./early-clicks";
import { hasAnalytics } from "./events";
import { type FrameModule, framePart, inEmbedFrame } from "./frame-part";
import { eventSender, sessionSource } from "./http";
import { hydrateQuiz, mountQuiz } from "./mount";
import { type PageContext, readPageContext } from "./page-context";
import { partialLeadSender, partialReporter } from "./partial-lead";
import { screensPart } from "./player/parts";
import { timerSchedule } from "./player/use-lead-submission";
import type { VisitorTexts } from "./texts";

/** What the hosted page (or the embed's frame) puts in `<script type="application/json" data-leadquiz>`. */
export interface BootConfig {
  quiz: PublicQuiz;
  /** The quiz language's texts, inlined by the server for hydration without a round trip. */
  texts?: VisitorTexts;
  /** The API base, e.g. "/api/v1". */
  api: string;
  /** The id of the element holding the quiz (server-rendered when `hydrate`). */
  target: string;
  hydrate?: boolean;
  /** A visitor session made by the server; otherwise the runtime makes one per visit. */
  session?: string | null;
  /** Overrides the page context (normally read from the address, or the embed's frame). */
  page?: PageContext;
}

function readConfig(script: HTMLScriptElement): BootConfig | null {
  try {
    const config = JSON.parse(script.textContent ?? "") as BootConfig | null;
    return config && typeof config === "object" && config.quiz && config.target ? config : null;
  } catch {
    return null;
  }
}

/**
 * Starts every quiz configured on the page: its visitor session (`client-sessions/`, once
 * per visit), funnel events, the lead queue (a lead of an earlier visit is sent again), the
 * owner's analytics tags, and, inside the embed's iframe, the postMessage protocol (a part
 * of its own, loaded first there: the frame's address carries the host page's context).
 */
export function boot(root: ParentNode = document): void {
  for (const script of root.querySelectorAll<HTMLScriptElement>("script[data-leadquiz]")) {
    if (script.dataset.leadquizStarted) continue;
    const config = readConfig(script);
    const element = config && document.getElementById(config.target);
    if (!config || !element) continue;
    script.dataset.leadquizStarted = "1";
    // Clicks before hydration are held from now on, while the parts it waits for come.
    const replayClicks = config.hydrate ? holdEarlyClicks(element) : () => undefined;
    if (inEmbedFrame()) {
      void framePart.load().then((frame) => startQuiz(config, element, replayClicks, frame));
    } else {
      startQuiz(config, element, replayClicks, null);
    }
  }
}

function startQuiz(
  config: BootConfig,
  element: HTMLElement,
  replayClicks: () => void,
  frameModule: FrameModule | null,
): void {
  const { quiz } = config;
  const key = quiz.public_key;
  const frame = frameModule?.embedFrame(quiz) ?? null;
  let page =
    config.page ?? frame?.context ?? readPageContext(quiz, location.href, document.referrer);
  const session = config.session
    ? () => Promise.resolve(config.session ?? null)
    : sessionSource(config.api, key, page);
  let sessionId: string | null = config.session ?? null;
  void session().then((id) => {
    sessionId = id;
  });
  const bridge =
    frame && frameModule
      ? frameModule.frameBridge(frame, quiz, (context) => {
          page = context;
        })
      : null;
  if (hasAnalytics(quiz.analytics)) {
    void import("./analytics")
      .then(({ installAnalytics }) => installAnalytics(quiz.analytics))
      .catch(() => undefined);
  }
  const sendEvent = eventSender(config.api, key, session);
  const partial = partialReporter({
    quiz,
    session: () => sessionId,
    page: () => page,
    send: partialLeadSender(config.api, key),
    schedule: timerSchedule,
  });
  // Leaving: the tab is closed or switched away (pagehide covers a closing tab).
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") partial.leave();
  });
  window.addEventListener("pagehide", partial.leave);
  const start = config.hydrate ? hydrateQuiz : mountQuiz;
  void start(element, {
    quiz,
    texts: config.texts,
    session: () => sessionId,
    // Called by the lead queue, which comes with the later screens' part (and its sender).
    onSubmit: (submission) =>
      screensPart
        .load()
        .then(({ leadSender }) => leadSender(config.api, key, quiz.language)(submission)),
    onEvent: (event) => {
      sendEvent(event);
      bridge?.onEvent(event);
    },
    onAcknowledged: (_submission, response) => bridge?.onLead(response),
    onProgress: partial.update,
    pageContext: () => page,
  }).then(() => {
    replayClicks();
    bridge?.ready(element);
  });
}
