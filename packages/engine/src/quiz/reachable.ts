import { isAnswered } from "./answer-value";
import { type ConditionSubject, conditionsHold } from "./condition";
import { bySort } from "./sort";
import type { AnswerMap, Question, QuizSnapshot } from "./types";

/** What the current answers make of the questions. */
export interface QuizState {
  /** Every question in `sort` order. */
  ordered: readonly Question[];
  /** The questions whose conditions hold, in `sort` order. */
  reachable: readonly Question[];
  /** The reachable questions with a well-formed, non-empty answer. */
  answered: readonly Question[];
  /** A reachable question with its answer; undefined for unknown and skipped questions. */
  subjectOf: (questionId: number) => ConditionSubject | undefined;
}

/**
 * Walks the questions in `sort` order: a question is reachable when its conditions hold
 * over the questions reachable before it. A condition that refers to a later question
 * (or to the question itself) does not hold. Answers of skipped questions are ignored.
 */
export function quizState(snapshot: QuizSnapshot, answers: AnswerMap): QuizState {
  const ordered = bySort(snapshot.questions);
  const subjects = new Map<number, ConditionSubject>();
  const subjectOf = (id: number) => subjects.get(id);
  const reachable: Question[] = [];
  for (const question of ordered) {
    if (conditionsHold(question.conditions, question.config.conditions_match, subjectOf)) {
      reachable.push(question);
      subjects.set(question.id, { question, answer: answers[question.id] });
    }
  }
  const answered = reachable.filter((question) => isAnswered(question, answers[question.id]));
  return { ordered, reachable, answered, subjectOf };
}

/** The questions shown for these answers, in `sort` order. */
export function reachableQuestions(snapshot: QuizSnapshot, answers: AnswerMap): Question[] {
  return [...quizState(snapshot, answers).reachable];
}

/**
 * Progress = answered / reachable questions for the current answers, in [0, 1]; 1 when
 * no question is reachable.
 */
export function progress(snapshot: QuizSnapshot, answers: AnswerMap): number {
  const state = quizState(snapshot, answers);
  if (state.reachable.length === 0) return 1;
  return state.answered.length / state.reachable.length;
}
