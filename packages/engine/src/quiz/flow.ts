import { answerProblem, isAnswered } from "./answer-value";
import { quizState } from "./reachable";
import { shownResults } from "./results";
import { bySort } from "./sort";
import type { AnswerMap, AnswerValue, Question, QuizSnapshot, Step } from "./types";

function nonEmpty(text: string | null | undefined): string | null {
  const trimmed = text?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
}

/** Where the flow ends: `thank_you_url` wins over the auto-transition link. */
function thankYou(snapshot: QuizSnapshot): Step {
  const form = snapshot.contact_form;
  return {
    kind: "thank_you",
    redirect_url: nonEmpty(form.thank_you_url) ?? nonEmpty(form.auto_redirect_url),
  };
}

/**
 * The visitor's whole path for these answers: the start page (when enabled), the
 * reachable questions in `sort` order, the results before or after the contact form
 * (absent when `output_format` is `none` or no result is eligible), the form, the end.
 */
export function flowSteps(snapshot: QuizSnapshot, answers: AnswerMap): Step[] {
  const steps: Step[] = [];
  if (snapshot.start_page.enabled) steps.push({ kind: "start" });
  for (const question of quizState(snapshot, answers).reachable) {
    steps.push({ kind: "question", question: question.id });
  }
  const results: Step[] = shownResults(snapshot, answers).length > 0 ? [{ kind: "results" }] : [];
  const form: Step = { kind: "form" };
  if (snapshot.results_settings.position === "before_form") steps.push(...results, form);
  else steps.push(form, ...results);
  steps.push(thankYou(snapshot));
  return steps;
}

/** The first screen. */
export function firstStep(snapshot: QuizSnapshot, answers: AnswerMap): Step {
  const [first] = flowSteps(snapshot, answers);
  return first ?? thankYou(snapshot);
}

interface Neighbours {
  previous: Step | null;
  next: Step | null;
}

/**
 * The steps around `current` on the path. A question no longer on the path (an earlier
 * answer changed) sits just before the first path step that follows it in
 * `sort` order. Null for any other step that is not on the path.
 */
function neighbours(snapshot: QuizSnapshot, answers: AnswerMap, current: Step): Neighbours | null {
  const steps = flowSteps(snapshot, answers);
  const around = (previous: number, next: number): Neighbours => ({
    previous: steps[previous] ?? null,
    next: steps[next] ?? null,
  });
  const index =
    current.kind === "question"
      ? steps.findIndex((s) => s.kind === "question" && s.question === current.question)
      : steps.findIndex((s) => s.kind === current.kind);
  if (index >= 0) return around(index - 1, index + 1);
  if (current.kind !== "question") return null;
  const order = new Map(bySort(snapshot.questions).map((question, i) => [question.id, i]));
  const position = order.get(current.question);
  if (position === undefined) return null;
  const after = steps.findIndex(
    (s) => s.kind !== "start" && (s.kind !== "question" || (order.get(s.question) ?? 0) > position),
  );
  return around(after - 1, after);
}

/**
 * The screen after `current` for these answers (including the current question's answer);
 * null after the last screen or for a step that is not on the path. The caller checks
 * `canProceed` before moving on from a question.
 */
export function nextStep(snapshot: QuizSnapshot, answers: AnswerMap, current: Step): Step | null {
  return neighbours(snapshot, answers, current)?.next ?? null;
}

/** The screen before `current` (the back button); null on the first screen. */
export function previousStep(
  snapshot: QuizSnapshot,
  answers: AnswerMap,
  current: Step,
): Step | null {
  return neighbours(snapshot, answers, current)?.previous ?? null;
}

/**
 * Whether the visitor may leave a question: a given answer must fit the question, and a
 * required question needs a non-empty answer.
 */
export function canProceed(question: Question, answer: AnswerValue | undefined): boolean {
  if (answerProblem(question, answer) !== null) return false;
  return !question.required || isAnswered(question, answer);
}
