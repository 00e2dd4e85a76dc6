import { ConditionMode, ResultType } from "../codes";
import { numericValue } from "./answer-value";
import { conditionsHold } from "./condition";
import { formulaValue } from "./formula/value";
import { type QuizState, quizState } from "./reachable";
import { bySort } from "./sort";
import type {
  AnswerMap,
  FormulaElement,
  OutputRow,
  QuizSnapshot,
  Result,
  ResultsSettings,
} from "./types";

/** A result as the visitor sees it. */
export interface ShownResult {
  result: Result;
  /** The computed number (null for Const and for a formula without a value). */
  computed: number | null;
  /** An output row's text, the computed number rounded to two decimals, or null ("—"). */
  value: string | number | null;
  /** The result's unit when `value` is a number; null otherwise. */
  unit: string | null;
}

/** The formula a result uses: the quiz's general formula when `use_general_formula`. */
export function resultFormula(
  result: Result,
  settings: ResultsSettings,
): readonly FormulaElement[] {
  return result.use_general_formula ? settings.general_formula : result.formula;
}

/** The sum of the numeric values of every answered, reachable question. */
export function answersSum(state: QuizState): number {
  return state.answered.reduce((sum, question) => {
    const value = numericValue(question, state.subjectOf(question.id)?.answer);
    return value === null ? sum : sum + value;
  }, 0);
}

/** The computed number by type: Const none, Formula its value, Sum the answers' sum. */
export function computedNumber(
  result: Result,
  settings: ResultsSettings,
  state: QuizState,
): number | null {
  switch (result.type) {
    case ResultType.Const:
      return null;
    case ResultType.Formula:
      return formulaValue(resultFormula(result, settings), state);
    case ResultType.Sum:
      return answersSum(state);
  }
}

/** Whether from ≤ value ≤ to; a null bound leaves that side open. */
function within(value: number | null, from: number | null, to: number | null): boolean {
  return value !== null && (from === null || from <= value) && (to === null || value <= to);
}

/** Eligibility by `condition_mode`: None always, Logic conditions, Formula / Range in range. */
export function isEligible(result: Result, settings: ResultsSettings, state: QuizState): boolean {
  switch (result.condition_mode) {
    case ConditionMode.None:
      return true;
    case ConditionMode.Logic:
      return conditionsHold(result.conditions, result.config.conditions_match, state.subjectOf);
    case ConditionMode.Formula:
      return within(
        formulaValue(resultFormula(result, settings), state),
        result.range_from,
        result.range_to,
      );
    case ConditionMode.Range:
      return within(answersSum(state), result.range_from, result.range_to);
  }
}

/** Rounds half away from zero to two decimals, exact on decimal inputs (1.005 → 1.01). */
export function roundToCents(value: number): number {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e15) return value;
  const rounded = Number(`${Math.round(Number(`${Math.abs(value)}e2`))}e-2`);
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}

/** The first output row whose [from, to] holds the number (null bounds are open). */
export function outputRowFor(rows: readonly OutputRow[], value: number | null): OutputRow | null {
  return rows.find((row) => within(value, row.from, row.to)) ?? null;
}

/** What a result shows for a computed number. */
export function shownValue(result: Result, computed: number | null): Omit<ShownResult, "result"> {
  const row = outputRowFor(result.output, computed);
  if (row !== null) return { computed, value: row.value, unit: null };
  if (computed === null) return { computed, value: null, unit: null };
  return { computed, value: roundToCents(computed), unit: result.unit };
}

/**
 * The results to show for these answers: eligible ones in `sort` order, all of them with
 * `show_several`, otherwise the first only; none when `output_format` is `none`.
 */
export function shownResults(snapshot: QuizSnapshot, answers: AnswerMap): ShownResult[] {
  const settings = snapshot.results_settings;
  if (settings.output_format === "none") return [];
  const state = quizState(snapshot, answers);
  const eligible = bySort(snapshot.results).filter((result) => isEligible(result, settings, state));
  const shown = settings.show_several ? eligible : eligible.slice(0, 1);
  return shown.map((result) => ({
    result,
    ...shownValue(result, computedNumber(result, settings, state)),
  }));
}
