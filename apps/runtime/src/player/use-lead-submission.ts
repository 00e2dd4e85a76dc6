import type { LeadResponse, LeadSubmission, PublicQuiz } from "@leadquiz/contract";
import { useEffect } from "react";
import type { PageContext } from "../page-context";
import type { SubmitOutcome } from "../submission-queue";
import { screensPart } from "./parts";
import type { PlayerEvent, PlayerState } from "./player-state";

/** Runs `task` after `ms` and returns what cancels it (timers; tests pass their own clock). */
export type Schedule = (task: () => void, ms: number) => () => void;

export const timerSchedule: Schedule = (task, ms) => {
  const timer = setTimeout(task, ms);
  return () => clearTimeout(timer);
};

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

  // The sending itself is in the later screens' chunk with the form that calls it.
  return () => screensPart.load().then(({ sendLead }) => sendLead(options));
}
