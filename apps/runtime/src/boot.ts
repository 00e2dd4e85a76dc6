import type { PublicQuiz } from "@leadquiz/contract";
import { eventSender, leadSender } from "./http";
import { hydrateQuiz, mountQuiz } from "./mount";
import { type PageContext, readPageContext } from "./page-context";
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
  session?: string | null;
  /** The host page's context when embedded (the embed passes it in); this page's otherwise. */
  page?: PageContext;
}

/** Starts every quiz configured on the page. */
export function boot(root: ParentNode = document): void {
  for (const script of root.querySelectorAll<HTMLScriptElement>("script[data-leadquiz]")) {
    const config = JSON.parse(script.textContent ?? "{}") as BootConfig;
    const element = document.getElementById(config.target);
    if (!element) continue;
    const key = config.quiz.public_key;
    const session = config.session ?? null;
    const start = config.hydrate ? hydrateQuiz : mountQuiz;
    void start(element, {
      quiz: config.quiz,
      texts: config.texts,
      session,
      onSubmit: leadSender(config.api, key),
      onEvent: eventSender(config.api, key, session),
      pageContext: config.page ?? readPageContext(config.quiz, location.href, document.referrer),
    });
  }
}
