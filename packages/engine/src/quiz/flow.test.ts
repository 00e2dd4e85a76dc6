import { describe, expect, it } from "vitest";
import { canProceed, firstStep, flowSteps, nextStep, previousStep } from "./flow";
import { progress, reachableQuestions } from "./reachable";
import { choice, condition, question, result, snapshot } from "./test-fixtures";
import type { AnswerMap, QuizSnapshot, Step } from "./types";

// q1 → q2 only when q1 = answer 12 → q3 only when q2 answered "yes" (21) → q4 always.
const q1 = choice(1, [0, 0]);
const q2 = choice(2, [0, 0], {}, { conditions: [condition(1, { answers: [12] })] });
const q3 = choice(3, [0, 0], {}, { conditions: [condition(2, { answers: [21] })] });
const q4 = question(4, 4, {}, { required: true });
const base = snapshot({ questions: [q4, q3, q2, q1], results: [result(1)] });
const with_ = (fields: Partial<QuizSnapshot>) => ({ ...base, ...fields });
const ids = (steps: Step[]) =>
  steps.map((s) => (s.kind === "question" ? `q${s.question}` : s.kind)).join(" ");

describe("reachableQuestions", () => {
  it("sort order; a question whose conditions fail is skipped", () => {
    expect(reachableQuestions(base, {}).map((q) => q.id)).toEqual([1, 4]);
    expect(reachableQuestions(base, { 1: { answers: [12] } }).map((q) => q.id)).toEqual([1, 2, 4]);
    expect(
      reachableQuestions(base, { 1: { answers: [12] }, 2: { answers: [21] } }).map((q) => q.id),
    ).toEqual([1, 2, 3, 4]);
  });

  it("a stale answer of a skipped question satisfies nothing downstream", () => {
    expect(
      reachableQuestions(base, { 1: { answers: [11] }, 2: { answers: [21] } }).map((q) => q.id),
    ).toEqual([1, 4]);
  });

  it("missing sort counts as 0, ties by id", () => {
    const quiz = snapshot({
      questions: [choice(9, [0], {}, { sort: 0 }), { ...q1, sort: undefined }, { ...q4, sort: -1 }],
    });
    expect(reachableQuestions(quiz, {}).map((q) => q.id)).toEqual([4, 1, 9]);
  });

  it("a condition on a later question, or on the question itself, fails", () => {
    const exclude = { answers: [11], answers_include: false };
    const early = choice(5, [0], {}, { sort: 0, conditions: [condition(1, exclude)] });
    const self = choice(
      6,
      [0],
      {},
      { sort: 9, conditions: [condition(6, { answers: [61], answers_include: false })] },
    );
    const quiz = snapshot({ questions: [q1, early, self] });
    expect(
      reachableQuestions(quiz, { 1: { answers: [12] }, 6: { answers: [] } }).map((q) => q.id),
    ).toEqual([1]);
  });
});

describe("flowSteps", () => {
  it("start page, reachable questions, results before the form, thank-you", () => {
    const quiz = with_({ start_page: { enabled: true } });
    expect(ids(flowSteps(quiz, {}))).toBe("start q1 q4 results form thank_you");
  });
  it("results after the form", () => {
    const quiz = with_({ results_settings: { ...base.results_settings, position: "after_form" } });
    expect(ids(flowSteps(quiz, { 1: { answers: [12] } }))).toBe("q1 q2 q4 form results thank_you");
  });
  it("no results page with output_format none or no eligible result", () => {
    const none = with_({ results_settings: { ...base.results_settings, output_format: "none" } });
    expect(ids(flowSteps(none, {}))).toBe("q1 q4 form thank_you");
    const ineligible = with_({
      results: [result(1, { condition_mode: 3, range_from: 5, range_to: 9 })],
    });
    expect(ids(flowSteps(ineligible, {}))).toBe("q1 q4 form thank_you");
  });
  it("the end redirects to thank_you_url, else the auto-transition link", () => {
    const end = (contact_form: QuizSnapshot["contact_form"]) =>
      flowSteps(with_({ contact_form }), {}).at(-1);
    expect(end({})).toEqual({ kind: "thank_you", redirect_url: null });
    expect(end({ thank_you_url: " ", auto_redirect_url: "https://b" })).toEqual({
      kind: "thank_you",
      redirect_url: "https://b",
    });
    expect(end({ thank_you_url: "https://a", auto_redirect_url: "https://b" })).toEqual({
      kind: "thank_you",
      redirect_url: "https://a",
    });
  });
});

describe("nextStep and previousStep", () => {
  const quiz = with_({ start_page: { enabled: true } });
  const q = (id: number): Step => ({ kind: "question", question: id });
  it("walk the path", () => {
    expect(firstStep(quiz, {})).toEqual({ kind: "start" });
    expect(firstStep(base, {})).toEqual(q(1));
    expect(nextStep(quiz, {}, { kind: "start" })).toEqual(q(1));
    expect(nextStep(quiz, { 1: { answers: [11] } }, q(1))).toEqual(q(4));
    expect(nextStep(quiz, { 1: { answers: [12] } }, q(1))).toEqual(q(2));
    expect(nextStep(quiz, { 1: { answers: [12] }, 2: { answers: [22] } }, q(2))).toEqual(q(4));
    expect(nextStep(quiz, {}, q(4))).toEqual({ kind: "results" });
    expect(nextStep(quiz, {}, { kind: "results" })).toEqual({ kind: "form" });
    expect(nextStep(quiz, {}, { kind: "form" })).toMatchObject({ kind: "thank_you" });
    expect(nextStep(quiz, {}, { kind: "thank_you", redirect_url: null })).toBeNull();
    expect(previousStep(quiz, {}, q(4))).toEqual(q(1));
    expect(previousStep(quiz, {}, q(1))).toEqual({ kind: "start" });
    expect(previousStep(quiz, {}, { kind: "start" })).toBeNull();
    expect(previousStep(base, {}, q(1))).toBeNull();
  });
  it("a question taken off the path continues after its place", () => {
    const answers: AnswerMap = { 1: { answers: [11] } };
    expect(nextStep(base, answers, q(3))).toEqual(q(4));
    expect(previousStep(base, answers, q(3))).toEqual(q(1));
    expect(nextStep(base, answers, q(99))).toBeNull();
    expect(nextStep(with_({ results: [] }), {}, { kind: "results" })).toBeNull();
  });
});

describe("progress", () => {
  it("answered over reachable for the current answers", () => {
    expect(progress(base, {})).toBe(0);
    expect(progress(base, { 1: { answers: [11] } })).toBe(0.5);
    expect(progress(base, { 1: { answers: [12] } })).toBeCloseTo(1 / 3);
    expect(progress(base, { 1: { answers: [12] }, 2: { answers: [21] } })).toBe(0.5);
    expect(progress(base, { 1: { answers: [11] }, 2: { answers: [21] }, 4: "x" })).toBe(1);
    expect(progress(snapshot(), {})).toBe(1);
  });
  it("an empty or blank answer does not count", () => {
    expect(progress(base, { 1: { answers: [] }, 4: "  " })).toBe(0);
  });
});

describe("canProceed", () => {
  it("a required question needs an answer; an optional one does not", () => {
    expect(canProceed(q4, undefined)).toBe(false);
    expect(canProceed(q4, " ")).toBe(false);
    expect(canProceed(q4, "ok")).toBe(true);
    expect(canProceed(q1, undefined)).toBe(true);
    expect(canProceed(q1, { answers: [] })).toBe(true);
    expect(canProceed({ ...q1, required: true }, { answers: [] })).toBe(false);
  });
  it("an answer that does not fit blocks even an optional question", () => {
    expect(canProceed(q1, { answers: [11, 12] })).toBe(false);
    expect(canProceed(q1, { answers: [99] })).toBe(false);
  });
});
