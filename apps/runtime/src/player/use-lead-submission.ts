import type { LeadResponse, LeadSubmission, PublicQuiz } from "@leadquiz/contract";
import { useEffect } from "react";
import { reportLeadToAnalytics } from "../events";
import { emptyPageContext, type PageContext } from "../page-context";
import { buildSubmission, newSubmissionId } from "../submission";
import type { SubmitOutcome } from "../submission-queue";
import { type PlayerEvent, type PlayerState, refusedFields } from "./player-state";

/** Runs `task` after `ms` and returns what cancels it (timers; tests pass their own clock). */
export type Schedule = (task: () => void, ms: number) => () => void;

export const timerSchedule: Schedule = (task, ms) => {
  const timer = setTimeout(task, ms);
  return () => clearTimeout(timer);
};

/** Past this, the visitor sees the next screen while the lead keeps trying in the background. */
export const SENDING_WAIT_MS = 4000;

const noSubmit = async (): Promise<SubmitOutcome> => ({ status: "queued" });

/** What the player hands the submission hook (its props, its state and dispatch). */
export interface LeadSubmissionOptions {
  quiz: PublicQuiz;
  state: PlayerState;
  dispatch: (event: PlayerEvent) => void;
  /** Hands the lead over (to the submission queue); resolves after the first attempt. */
  submit?: ((submission: LeadSubmission) => Promise<SubmitOutcome>) | undefined;
  /** The visitor session's id, or a getter for it (the session is made in the background). */
  session?: string | null | (() => string | null) | undefined;
  /** Where the visitor is (a getter when it may change, e.g. the embed's `context`). */
  pageContext?: PageContext | (() => PageContext) | undefined;
  /** How long "Sending…" may show before the next screen comes anyway (ms). */
  sendingWaitMs?: number | undefined;
  schedule?: Schedule | undefined;
  /** Subscribes to the queue's acknowledgements (a lead that waited offline got through). */
  watchAcknowledged?:
    | ((
        listener: (submission: LeadSubmission, response: LeadResponse | null) => void,
      ) => () => void)
    | undefined;
  /** Once per lead handed over (not for a refusal the visitor corrects on the form). */
  onLead: (submissionId: string, response: LeadResponse | null) => void;
}

/** `promise`'s value, or null when `ms` ran out first. */
export function firstWithin<T>(
  promise: Promise<T>,
  ms: number,
  schedule: Schedule,
): Promise<T | null> {
  return new Promise((resolve, reject) => {
    const cancel = schedule(() => resolve(null), ms);
    promise.then(
      (value) => {
        cancel();
        resolve(value);
      },
      (error: unknown) => {
        cancel();
        reject(error);
      },
    );
  });
}

/**
 * Sending the lead, in one place: builds the submission from the answers on the path and
 * the contacts, hands it to `submit`, shows "Sending…" until the first answer or the
 * sending wait, whichever comes first, and dispatches what came of it (the state machine
 * in player-state.ts decides the screen). A first answer that comes after the wait is
 * dispatched too, and so are the queue's later acknowledgements. Every outcome, late ones
 * included, lands in the state's `lead` with the server's response when there is one.
 * Returns the function the form calls with valid contacts.
 */
export function useLeadSubmission(options: LeadSubmissionOptions): () => Promise<void> {
  const { dispatch, watchAcknowledged: watch } = options;
  useEffect(
    () =>
      watch?.((submission) =>
        dispatch({ type: "acknowledged", submissionId: submission.submission_id }),
      ),
    [watch, dispatch],
  );

  return async () => {
    const { quiz, state } = options;
    if (state.lead.phase !== "editing" || state.lead.closed) return;
    // A new id for every attempt from the form: a refused one was not stored by the server.
    const submissionId = newSubmissionId();
    const session = typeof options.session === "function" ? options.session() : options.session;
    const page =
      typeof options.pageContext === "function" ? options.pageContext() : options.pageContext;
    const submission = buildSubmission({
      quiz,
      answers: state.answers,
      contacts: state.contacts,
      page: page ?? emptyPageContext,
      session: session ?? null,
      submissionId,
    });
    dispatch({ type: "send", submissionId });
    const first = (options.submit ?? noSubmit)(submission);
    const outcome = await firstWithin(
      first,
      options.sendingWaitMs ?? SENDING_WAIT_MS,
      options.schedule ?? timerSchedule,
    );
    dispatch({ type: "first_outcome", submissionId, outcome });
    if (refusedFields(outcome) || outcome?.status === "closed") return;
    options.onLead(submissionId, outcome?.status === "sent" ? outcome.response : null);
    if (outcome?.status !== "rejected") reportLeadToAnalytics(quiz, submissionId);
    if (outcome === null) {
      void first.then((late) => dispatch({ type: "late_outcome", submissionId, outcome: late }));
    }
  };
}
