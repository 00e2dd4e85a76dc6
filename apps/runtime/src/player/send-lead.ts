import { reportLeadToAnalytics } from "../lead-analytics";
import { emptyPageContext } from "../page-context";
import { buildSubmission, newSubmissionId } from "../submission";
import type { SubmitOutcome } from "../submission-queue";
import { refusedFields } from "./player-state";
import { type LeadSubmissionOptions, type Schedule, timerSchedule } from "./use-lead-submission";

/** Past this, the visitor sees the next screen while the lead keeps trying in the background. */
export const SENDING_WAIT_MS = 4000;

const noSubmit = async (): Promise<SubmitOutcome> => ({ status: "queued" });

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
 * Sends the lead from the form (`useLeadSubmission`'s send; in the later screens' chunk, which
 * the form came in, docs/adr/0011): builds the submission from the answers on the path and
 * the contacts, hands it to `submit`, shows "Sending…" until the first answer or the sending
 * wait, whichever comes first, and dispatches what came of it.
 */
export async function sendLead(options: LeadSubmissionOptions): Promise<void> {
  const { quiz, state, dispatch } = options;
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
}
