import type { PublicQuiz } from "@leadquiz/contract";
import type { AnswerMap, Step } from "@leadquiz/engine";
import { emptyContacts } from "../contact-values";
import type { PlayerState } from "./player-state";

/**
 * What the entry knows of the player's state without the flow (docs/adr/0011): the state
 * at a step, and the start page's. The flow itself (the engine's steps, results and
 * formulas, the reducer) is in the later screens' part (player-state.ts): every screen but
 * the start page comes from that part, so it is there whenever they show.
 */
export function stateAt(step: Step, answers: AnswerMap): PlayerState {
  return { step, answers, contacts: emptyContacts, started: false, lead: { phase: "editing" } };
}

/** The state on the start page, when the quiz has one (it is then always the first screen). */
export function startState(quiz: PublicQuiz, answers: AnswerMap = {}): PlayerState | null {
  return quiz.start_page.enabled ? stateAt({ kind: "start" }, answers) : null;
}

/** A stable name of the screen (one per question). */
export function stepKey(step: Step): string {
  return step.kind === "question" ? `q${step.question}` : step.kind;
}
