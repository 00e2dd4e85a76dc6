import { AdditionType } from "../codes";
import { quizState } from "./reachable";
import { bySort } from "./sort";
import type { Addition, AnswerMap, QuizSnapshot, Step } from "./types";

/** Whether an addition's `display` setting shows it on a step. */
export function additionShownAt(addition: Addition, step: Step): boolean {
  switch (addition.display) {
    case "all":
      return true;
    case "all_except_start":
      return step.kind !== "start";
    case "contact_only":
      return step.kind === "form";
  }
}

/** The enabled additions shown on a step, in `sort` order. */
export function additionsVisibleAt(snapshot: QuizSnapshot, step: Step): Addition[] {
  return bySort(snapshot.additions).filter(
    (addition) => addition.enabled && additionShownAt(addition, step),
  );
}

/**
 * The growing discount after `answered` of `reachable` questions:
 * floor(max × k / n), exactly `max` once every reachable question is answered (or none is
 * reachable), 0 before the first answer.
 */
export function growingDiscount(max: number, answered: number, reachable: number): number {
  if (answered >= reachable) return max;
  if (answered <= 0) return 0;
  return Math.floor((max * answered) / reachable);
}

/**
 * The discount a Discount addition offers for these answers: `max_discount` for
 * `ordinary`, the growing discount for `growing`; null for other addition types.
 */
export function discountValue(
  snapshot: QuizSnapshot,
  answers: AnswerMap,
  addition: Addition,
): number | null {
  if (addition.type !== AdditionType.Discount) return null;
  const { max_discount: max, discount_type: kind } = addition.settings;
  if (kind === "ordinary") return max;
  const state = quizState(snapshot, answers);
  return growingDiscount(max, state.answered.length, state.reachable.length);
}
