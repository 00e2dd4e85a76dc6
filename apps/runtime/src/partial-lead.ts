import type { PartialLead, PublicQuiz } from "@leadquiz/contract";
import type { AnswerMap } from "@leadquiz/engine";
import type { PageContext } from "./page-context";
import { buildSubmission, type ContactValues } from "./submission";

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

/** The partial-lead body, or null when there is nothing worth keeping yet. */
export function partialLeadBody(
  quiz: PublicQuiz,
  progress: VisitorProgress,
  session: string | null,
  page: PageContext,
): PartialLead | null {
  if (progress.finished || !session) return null;
  const {
    submission_id: _id,
    website: _website,
    ...lead
  } = buildSubmission({
    quiz,
    answers: progress.answers,
    contacts: progress.contacts,
    page,
    session,
    submissionId: "",
  });
  const typed = [lead.contacts.name, lead.contacts.email, lead.contacts.phone].some(Boolean);
  if (lead.answers.length === 0 && !typed) return null;
  return { ...lead, session };
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
    const body = partialLeadBody(options.quiz, latest, options.session(), options.page());
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
    void fetch(`${apiBase}/public/quiz/${encodeURIComponent(quizKey)}/partial-lead/`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(partial),
      keepalive: true,
    }).catch(() => undefined);
  };
}
