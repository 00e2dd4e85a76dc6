import type { LeadResponse, PublicQuiz } from "@leadquiz/contract";
import {
  type AnswerMap,
  type AnswerValue,
  firstStep,
  flowSteps,
  nextStep,
  previousStep,
  type Step,
} from "@leadquiz/engine";
import type { ContactValues } from "../contact-values";
import { type ServerFieldErrors, serverFieldErrors } from "../lead-errors";
import type { SubmitOutcome } from "../submission-queue";
import { stateAt } from "./start-state";

/** Where the visitor's lead stands. */
export type LeadState =
  /**
   * Not sent yet, or refused with errors the visitor corrects (then sent as a new one).
   * `closed`: the quiz no longer takes leads (410); the form stays filled, its answers are
   * kept in the browser, and it cannot be sent again.
   */
  | { phase: "editing"; serverErrors?: ServerFieldErrors; closed?: boolean }
  /** "Sending…" on the form (`form`): waiting for the first answer, at most a few seconds. */
  | { phase: "sending"; submissionId: string; form: Step }
  /**
   * Handed over; the visitor has moved on. `offline` while it waits for the connection;
   * `response` is the server's answer once there is one (null while none came, or when
   * the lead was refused for good).
   */
  | {
      phase: "sent";
      submissionId: string;
      form: Step;
      offline: boolean;
      redirect: string | null;
      response: LeadResponse | null;
    };

/** Everything the player keeps; every screen and every decision derives from it. */
export interface PlayerState {
  step: Step;
  answers: AnswerMap;
  contacts: ContactValues;
  /** The visitor pressed Start or left a first question (the funnel's `start`, once). */
  started: boolean;
  lead: LeadState;
}

/** What can happen to the player: the visitor's actions and the lead's answers. */
export type PlayerEvent =
  /** The start screen's button. */
  | { type: "start" }
  /** An answer changed on the question screen (the visitor is still on it). */
  | { type: "change_answer"; question: number; value: AnswerValue | undefined }
  /** Next on a question, with the answer it stands at (the engine allowed leaving). */
  | { type: "leave_question"; question: number; value: AnswerValue | undefined }
  /** Next on the results screen. */
  | { type: "next" }
  | { type: "back" }
  | { type: "change_contacts"; patch: Partial<ContactValues> }
  /** The phone checker formatted `typed`; applies only while the field still holds it. */
  | { type: "format_phone"; typed: string; formatted: string }
  /** The valid form goes out as submission `submissionId`. */
  | { type: "send"; submissionId: string }
  /** The first attempt's outcome, or null when the sending wait ran out first. */
  | { type: "first_outcome"; submissionId: string; outcome: SubmitOutcome | null }
  /** The first attempt's outcome, arriving after the sending wait ran out. */
  | { type: "late_outcome"; submissionId: string; outcome: SubmitOutcome }
  /** The queue got the submission through (or it was refused for good) on a later try. */
  | { type: "acknowledged"; submissionId: string };

export function initialPlayerState(quiz: PublicQuiz, answers: AnswerMap = {}): PlayerState {
  return stateAt(firstStep(quiz, answers), answers);
}

/** Whether Back is offered: never once the lead went out, else when the engine has a screen. */
export function canGoBack(quiz: PublicQuiz, state: PlayerState): boolean {
  return state.lead.phase !== "sent" && previousStep(quiz, state.answers, state.step) !== null;
}

/**
 * The server's field errors when it refused the lead as it is (400 with fields): the
 * visitor corrects them and sends again. A 429 (refused for the rate of the visitor's
 * address, docs/leads.md) is `rate`: the form says so, keeps the answers and may be sent
 * again, never "sent". Null for any other outcome.
 */
export function refusedFields(outcome: SubmitOutcome | null): ServerFieldErrors | null {
  if (outcome?.status !== "rejected") return null;
  if (outcome.code === 429) return { rate: "1" };
  const errors = serverFieldErrors(outcome.body);
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The form again after a 410: the server's reason as the form's message, nothing to send. */
function closedLead(outcome: { body?: unknown }): LeadState {
  return { phase: "editing", serverErrors: serverFieldErrors(outcome.body), closed: true };
}

/**
 * The screen after the form. Results after the form come in the lead's answer (the public
 * snapshot carries none, docs/security.md "Gated results"): the results screen when it
 * brought some the engine could not compute here.
 */
function afterForm(
  quiz: PublicQuiz,
  state: PlayerState,
  form: Step,
  response: LeadResponse | null,
) {
  const next = nextStep(quiz, state.answers, form);
  const gated = quiz.results_settings.position === "after_form" && next?.kind === "thank_you";
  return gated && response?.results.length ? ({ kind: "results" } as const) : next;
}

/** The lead's results to show, when they come from the lead (see `afterForm`). */
export function leadResults(quiz: PublicQuiz, state: PlayerState) {
  const { lead } = state;
  if (quiz.results_settings.position !== "after_form" || lead.phase !== "sent") return null;
  if (!lead.response?.results.length) return null;
  return lead.response.results.map((result) => ({
    result,
    value: result.value,
    unit: result.unit,
  }));
}

function moveTo(state: PlayerState, next: Step | null): PlayerState {
  return next ? { ...state, step: next } : state;
}

function withAnswer(state: PlayerState, question: number, value: AnswerValue | undefined) {
  return { ...state.answers, [question]: value };
}

function changeContacts(state: PlayerState, patch: Partial<ContactValues>): PlayerState {
  const contacts = { ...state.contacts, ...patch };
  const { lead } = state;
  if (lead.phase !== "editing" || !lead.serverErrors) return { ...state, contacts };
  // A server error goes once its field changes.
  const serverErrors = { ...lead.serverErrors };
  for (const name of Object.keys(patch)) delete serverErrors[name as keyof ServerFieldErrors];
  if (patch.messengerHandles) {
    for (const name of Object.keys(serverErrors)) {
      if (name.startsWith("messenger-")) delete serverErrors[name as keyof ServerFieldErrors];
    }
  }
  return { ...state, contacts, lead: { ...lead, serverErrors } };
}

/**
 * The player's state machine: the screen comes from the engine (`nextStep`,
 * `previousStep`) for the answers; the lead moves editing → sending → sent, and back to
 * editing when the server refuses it with field errors (even after the visitor moved on).
 * Pure: the player dispatches events and performs the effects (focus, funnel events,
 * leaving for the thank-you address) when the screen changes.
 */
export function playerReducer(
  quiz: PublicQuiz,
  state: PlayerState,
  event: PlayerEvent,
): PlayerState {
  const { lead } = state;
  switch (event.type) {
    case "start":
      return moveTo({ ...state, started: true }, nextStep(quiz, state.answers, state.step));
    case "change_answer":
      return { ...state, answers: withAnswer(state, event.question, event.value) };
    case "leave_question": {
      const answers = withAnswer(state, event.question, event.value);
      return moveTo({ ...state, answers, started: true }, nextStep(quiz, answers, state.step));
    }
    case "next":
      // The lead's results screen is not on the engine's path: the end follows it.
      return moveTo(
        state,
        nextStep(quiz, state.answers, state.step) ??
          (state.step.kind === "results" ? (flowSteps(quiz, state.answers).at(-1) ?? null) : null),
      );
    case "back":
      return lead.phase === "sent"
        ? state
        : moveTo(state, previousStep(quiz, state.answers, state.step));
    case "change_contacts":
      return changeContacts(state, event.patch);
    case "format_phone":
      return state.contacts.phone === event.typed
        ? changeContacts(state, { phone: event.formatted })
        : state;
    case "send":
      if (lead.phase !== "editing" || lead.closed) return state;
      return {
        ...state,
        lead: { phase: "sending", submissionId: event.submissionId, form: state.step },
      };
    case "first_outcome": {
      if (lead.phase !== "sending" || lead.submissionId !== event.submissionId) return state;
      const { outcome } = event;
      if (outcome?.status === "closed") return { ...state, lead: closedLead(outcome) };
      const refused = refusedFields(outcome);
      // The server refused the lead as it is (400): the visitor corrects it and sends again.
      if (refused) return { ...state, lead: { phase: "editing", serverErrors: refused } };
      const response = outcome?.status === "sent" ? outcome.response : null;
      const sent: LeadState = {
        phase: "sent",
        submissionId: lead.submissionId,
        form: lead.form,
        offline: outcome === null || outcome.status === "queued",
        redirect: response?.redirect_url || null,
        response,
      };
      return moveTo({ ...state, lead: sent }, afterForm(quiz, state, lead.form, response));
    }
    case "late_outcome": {
      if (lead.phase !== "sent" || lead.submissionId !== event.submissionId) return state;
      const { outcome } = event;
      if (outcome.status === "sent") {
        const answered: PlayerState = {
          ...state,
          lead: { ...lead, offline: false, response: outcome.response },
        };
        // Still on the end without a redirect: the lead's results show now.
        const late = state.step.kind === "thank_you" && !state.step.redirect_url;
        return late
          ? moveTo(answered, afterForm(quiz, state, lead.form, outcome.response))
          : answered;
      }
      if (outcome.status === "closed")
        return { ...state, step: lead.form, lead: closedLead(outcome) };
      const refused = refusedFields(outcome);
      // Moved on before the first answer: a late refusal with field errors brings the form back.
      if (!refused) return state;
      return { ...state, step: lead.form, lead: { phase: "editing", serverErrors: refused } };
    }
    case "acknowledged":
      // A lead that waited for the connection got through: the note goes.
      return lead.phase === "sent" && lead.submissionId === event.submissionId && lead.offline
        ? { ...state, lead: { ...lead, offline: false } }
        : state;
  }
}
