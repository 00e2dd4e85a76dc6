import type { PartialLead, PublicQuiz } from "@leadquiz/contract";
import type { AnswerMap } from "@leadquiz/engine";
import type { ContactValues } from "./contact-values";
import { postJson, quizPath } from "./http";
import type { PageContext } from "./page-context";
import { screensPart } from "./player/parts";

/** No activity for this long counts as leaving (docs/leads.md "Partial leads"). */
export const PARTIAL_IDLE_MS = 30 * 60_000;

/** What the visitor gave so far, as the player reports it after each change. */
export interface VisitorProgress {
  answers: AnswerMap;
  contacts: ContactValues;
  /** The lead is being sent or was sent: nothing partial is reported any more. */
  finished: boolean;
}

export interface PartialReporterOptions {
  quiz: PublicQuiz;
  session: () => string | null;
  page: () => PageContext;
  /** Sends the body (`POST public/quiz/{key}/partial-lead/`, fire-and-forget). */
  send: (partial: PartialLead) => void;
  /** Runs `task` after `ms`, answering what cancels it (timers; tests pass their own). */
  schedule: (task: () => void, ms: number) => () => void;
}

/**
 * Reports what a visitor gave when they leave: the page is hidden (tab closed or switched
 * away) or nothing happened for 30 minutes. A report goes out only when something changed
 * since the last one, and never once the lead is on its way.
 */
export function partialReporter(options: PartialReporterOptions) {
  let latest: VisitorProgress | null = null;
  let lastSent = "";
  let cancelIdle: (() => void) | null = null;

  const report = () => {
    if (!latest) return;
    // The body is built by the later screens' part: nothing was given before it arrived.
    const build = screensPart.loaded?.partialLeadBody;
    const body = build?.(options.quiz, latest, options.session(), options.page());
    if (!body) return;
    const text = JSON.stringify(body);
    if (text === lastSent) return;
    lastSent = text;
    options.send(body);
  };

  return {
    /** The player's latest progress; restarts the idle wait. */
    update(progress: VisitorProgress) {
      latest = progress;
      cancelIdle?.();
      cancelIdle = progress.finished ? null : options.schedule(report, PARTIAL_IDLE_MS);
    },
    /** The visitor is leaving (page hidden): report now. */
    leave: report,
  };
}

/** Sends a partial lead so that it survives the page closing (`keepalive`). */
export function partialLeadSender(apiBase: string, quizKey: string) {
  return (partial: PartialLead): void => {
    void postJson(`${quizPath(apiBase, quizKey)}/partial-lead/`, partial).catch(() => undefined);
  };
}
