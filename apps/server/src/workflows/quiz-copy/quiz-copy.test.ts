import type { Answer, FormulaElement, Project, Question, Quiz, Result } from "@leadquiz/contract";
import {
  type AnswerMap,
  flowSteps,
  progress,
  type QuizSnapshot,
  type Step,
  shownResults,
} from "@leadquiz/engine";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, expectCall, registerUser, type TestUser } from "../../test-support/api-client";
import { createProject, createQuizIn } from "../../test-support/quiz-fixtures";
import { createTestAppWithDatabase, type TestAppWithDatabase } from "../../test-support/test-app";
import { loadQuizSnapshot } from "../publishing";

let t: TestAppWithDatabase;
let owner: TestUser;
let project: number;

beforeAll(async () => {
  t = await createTestAppWithDatabase({ RATE_LIMIT_ENABLED: "false" });
  owner = await registerUser(t);
  project = await createProject(t, owner, { title: "Copies" });
});
afterAll(() => t.close());

const post = <T>(url: string, body: unknown) =>
  expectCall<T>(t, 201, "POST", url, { user: owner, body });
const patch = <T>(url: string, body: unknown) =>
  expectCall<T>(t, 200, "PATCH", url, { user: owner, body });

/**
 * A quiz with branching and formulas, built through the API: a List question (two answers
 * with points), a Slider shown only after the first answer, a Rating shown when the Slider
 * is above 5 or the second answer was chosen; a Formula result in a range with output rows,
 * a Logic result, a result on the general formula; a discount addition; a config with a
 * landing subdomain.
 */
async function buildQuiz(): Promise<number> {
  const quiz = await createQuizIn(t, owner, project, { title: "Branching" });
  const list = await post<Question>("/question/", { quiz, type: 1, title: "Pick" });
  const [a1, a2] = await expectCall<Answer[]>(t, 200, "GET", `/question/${list.id}/answer_list/`, {
    user: owner,
  });
  if (!a1 || !a2) throw new Error("a List question comes with two answers");
  await patch(`/answer/${a1.id}/`, { points: 1 });
  await patch(`/answer/${a2.id}/`, { points: 3 });
  const slider = await post<Question>("/question/", {
    quiz,
    type: 7,
    config: { min: 0, max: 10, step: 1 },
  });
  const rating = await post<Question>("/question/", {
    quiz,
    type: 5,
    config: { quantity_of_answers: 5, conditions_match: "any" },
  });
  await post("/questioncondition/", {
    question: slider.id,
    ref_question: list.id,
    kind: "answers",
    answers: [a1.id],
  });
  await post("/questioncondition/", {
    question: rating.id,
    ref_question: slider.id,
    kind: "number",
    number_operator: "more",
    number_from: 5,
  });
  await post("/questioncondition/", {
    question: rating.id,
    ref_question: list.id,
    kind: "answers",
    answers: [a2.id],
  });

  const formula: FormulaElement[] = [
    { kind: 3, question: list.id },
    { kind: 2, op: 3 },
    { kind: 1, value: 2 },
    { kind: 2, op: 1 },
    { kind: 3, question: rating.id },
  ];
  await post<Result>("/result/", {
    quiz,
    title: "Score",
    type: 2,
    condition_mode: 2,
    formula,
    range_from: 0,
    range_to: 100,
    unit: "point",
    output: [{ from: 0, to: 3, value: "low" }],
  });
  const logic = await post<Result>("/result/", { quiz, title: "Second", condition_mode: 1 });
  await post("/resultcondition/", {
    result: logic.id,
    ref_question: list.id,
    kind: "answers",
    answers: [a2.id],
  });
  await post<Result>("/result/", {
    quiz,
    title: "General",
    type: 2,
    use_general_formula: true,
  });
  await patch<Quiz>(`/quiz/${quiz}/`, {
    results_settings: {
      show_several: true,
      general_formula: [
        { kind: 2, op: 7 },
        { kind: 3, question: slider.id },
        { kind: 2, op: 1 },
        { kind: 3, question: rating.id },
        { kind: 2, op: 8 },
        { kind: 2, op: 3 },
        { kind: 1, value: 10 },
      ],
    },
  });
  await post("/addition/", {
    quiz,
    type: 2,
    settings: { max_discount: 15, discount_type: "growing" },
  });
  await post("/config/quiz/", { quiz });
  const config = await expectCall<{ id: number }>(t, 200, "GET", `/config/quiz/${quiz}`, {
    user: owner,
  });
  await patch(`/config/quiz/${config.id}/`, { landing: { subdomain: `copy-${quiz}-land` } });
  return quiz;
}

async function snapshotOf(quizId: number): Promise<QuizSnapshot> {
  const snapshot = await loadQuizSnapshot(t.database.db, quizId);
  if (!snapshot) throw new Error(`no quiz ${quizId}`);
  return snapshot;
}

/** Visitor answers by position: question index → answer indexes (choice) or a value. */
type PositionalAnswers = Record<number, number[] | number>;

const scenarios: PositionalAnswers[] = [
  {},
  { 0: [0] },
  { 0: [0], 1: 7 },
  { 0: [0], 1: 7, 2: 4 },
  { 0: [0], 1: 3, 2: 5 },
  { 0: [1] },
  { 0: [1], 2: 2 },
  { 0: [1], 1: 9, 2: 1 },
];

function answerMap(snapshot: QuizSnapshot, answers: PositionalAnswers): AnswerMap {
  const map: Record<number, AnswerMap[number]> = {};
  for (const [index, value] of Object.entries(answers)) {
    const question = snapshot.questions[Number(index)];
    if (!question) throw new Error(`no question ${index}`);
    map[question.id] = Array.isArray(value)
      ? { answers: value.map((i) => question.answers[i]?.id ?? -1) }
      : value;
  }
  return map;
}

/** The engine's verdicts for one scenario, with ids replaced by positions. */
function verdicts(snapshot: QuizSnapshot, answers: PositionalAnswers) {
  const map = answerMap(snapshot, answers);
  const position = (id: number) => snapshot.questions.findIndex((q) => q.id === id);
  const step = (s: Step) => (s.kind === "question" ? `question ${position(s.question)}` : s.kind);
  return {
    steps: flowSteps(snapshot, map).map(step),
    progress: progress(snapshot, map),
    results: shownResults(snapshot, map).map((shown) => ({
      title: shown.result.title,
      computed: shown.computed,
      value: shown.value,
      unit: shown.unit,
    })),
  };
}

/** Every id the snapshot refers to: conditions, their answers, formula questions. */
function referencedIds(snapshot: QuizSnapshot) {
  const questions = new Set<number>();
  const answers = new Set<number>();
  const conditions = [
    ...snapshot.questions.flatMap((q) => q.conditions),
    ...snapshot.results.flatMap((r) => r.conditions),
  ];
  for (const condition of conditions) {
    questions.add(condition.ref_question);
    for (const id of condition.answers ?? []) answers.add(id);
  }
  const formulas = [
    ...snapshot.results.map((r) => r.formula),
    snapshot.results_settings.general_formula,
  ];
  for (const element of formulas.flat()) if (element.kind === 3) questions.add(element.question);
  return { questions, answers };
}

function ownIds(snapshot: QuizSnapshot) {
  return {
    questions: new Set(snapshot.questions.map((q) => q.id)),
    answers: new Set(snapshot.questions.flatMap((q) => q.answers.map((a) => a.id))),
    results: new Set(snapshot.results.map((r) => r.id)),
  };
}

/** The snapshot without ids (positions stay), to compare content. */
function withoutIds(snapshot: QuizSnapshot): unknown {
  const questionPos = new Map(snapshot.questions.map((q, i) => [q.id, i]));
  const answerPos = new Map(
    snapshot.questions.flatMap((q) =>
      q.answers.map((a, i) => [a.id, `${questionPos.get(q.id)}.${i}`]),
    ),
  );
  const strip = (value: unknown, key?: string): unknown => {
    if (Array.isArray(value)) {
      if (key === "answers" && value.every((v) => typeof v === "number")) {
        return value.map((id) => answerPos.get(id as number));
      }
      return value.map((v) => strip(v));
    }
    if (typeof value !== "object" || value === null) return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (k === "id") continue;
      if (k === "ref_question" || k === "question") out[k] = questionPos.get(v as number);
      else out[k] = strip(v, k);
    }
    return out;
  };
  return strip(snapshot);
}

async function tableCounts(): Promise<Record<string, number>> {
  const tables = [
    "projects",
    "quizzes",
    "questions",
    "answers",
    "question_conditions",
    "results",
    "result_conditions",
    "form_fields",
    "additions",
    "quiz_configs",
    "stored_files",
  ];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const result = await t.database.db.execute<{ n: number }>(
      sql.raw(`select count(*)::int as n from ${table}`),
    );
    counts[table] = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1);
  }
  return counts;
}

describe("POST quiz/copy/ deep copy", () => {
  let original: number;
  let copy: Quiz;

  beforeAll(async () => {
    original = await buildQuiz();
    copy = await expectCall<Quiz>(t, 201, "POST", "/quiz/copy/", {
      user: owner,
      body: { id: original },
    });
  });

  it("holds the same content, every list in the same order", async () => {
    const source = await snapshotOf(original);
    const copied = await snapshotOf(copy.id);
    expect(source.questions).toHaveLength(3);
    expect(source.results).toHaveLength(3);
    expect(withoutIds(copied)).toEqual(withoutIds(source));
    const [sourceQuiz, copiedQuiz] = await Promise.all([
      expectCall<Quiz>(t, 200, "GET", `/quiz/${original}/`, { user: owner }),
      expectCall<Quiz>(t, 200, "GET", `/quiz/${copy.id}/`, { user: owner }),
    ]);
    for (const key of ["start_page", "design", "contact_form", "analytics", "language"] as const) {
      expect(copiedQuiz[key]).toEqual(sourceQuiz[key]);
    }
    expect(copiedQuiz.results_settings.general_formula_valid).toBe(true);
  });

  it("evaluates identically in the engine", async () => {
    const source = await snapshotOf(original);
    const copied = await snapshotOf(copy.id);
    for (const scenario of scenarios) {
      expect(verdicts(copied, scenario), JSON.stringify(scenario)).toEqual(
        verdicts(source, scenario),
      );
    }
    // The scenarios do exercise the branching and the formulas.
    expect(verdicts(source, { 0: [0], 1: 7, 2: 4 }).steps).toContain("question 2");
    expect(verdicts(source, { 0: [1] }).steps).not.toContain("question 1");
    expect(verdicts(source, { 0: [0], 1: 7, 2: 4 }).results).toContainEqual({
      title: "General",
      computed: 110,
      value: 110,
      unit: null,
    });
  });

  it("points only to its own questions and answers, never into the original", async () => {
    const source = ownIds(await snapshotOf(original));
    const copied = await snapshotOf(copy.id);
    const own = ownIds(copied);
    const refs = referencedIds(copied);
    expect(refs.questions.size).toBeGreaterThan(0);
    expect(refs.answers.size).toBeGreaterThan(0);
    for (const id of refs.questions) {
      expect(own.questions.has(id)).toBe(true);
      expect(source.questions.has(id)).toBe(false);
    }
    for (const id of refs.answers) {
      expect(own.answers.has(id)).toBe(true);
      expect(source.answers.has(id)).toBe(false);
    }
    for (const id of own.results) expect(source.results.has(id)).toBe(false);
  });

  it("copies the config without the subdomain, and the form fields and additions", async () => {
    const [config] = await Promise.all([
      expectCall<{ quiz: number; landing: { subdomain: string | null } }>(
        t,
        200,
        "GET",
        `/config/quiz/${copy.id}`,
        { user: owner },
      ),
    ]);
    expect(config.quiz).toBe(copy.id);
    expect(config.landing.subdomain ?? null).toBeNull();
    const original$ = await expectCall<{ landing: { subdomain: string } }>(
      t,
      200,
      "GET",
      `/config/quiz/${original}`,
      { user: owner },
    );
    expect(original$.landing.subdomain).toBe(`copy-${original}-land`);
    const copied = await snapshotOf(copy.id);
    expect(copied.fields.map((field) => field.type)).toEqual([1, 2, 3]);
    expect(copied.additions).toMatchObject([
      { type: 2, settings: { max_discount: 15, discount_type: "growing" } },
    ]);
  });

  it("copies a project with its quizzes the same way", async () => {
    const copied = await expectCall<Project>(t, 201, "POST", "/project/copy/", {
      user: owner,
      body: { id: project },
    });
    const quizzesOfCopy = copied.quizzes;
    expect(quizzesOfCopy.map((quiz) => quiz.title)).toEqual(["Branching", "Branching (copy)"]);
    const source = await snapshotOf(original);
    const first = quizzesOfCopy[0];
    if (!first) throw new Error("no quiz");
    const target = await snapshotOf(first.id);
    expect(withoutIds(target)).toEqual(withoutIds(source));
    for (const scenario of scenarios) {
      expect(verdicts(target, scenario)).toEqual(verdicts(source, scenario));
    }
    const refs = referencedIds(target);
    const sourceIds = ownIds(source);
    for (const id of refs.questions) expect(sourceIds.questions.has(id)).toBe(false);
  });
});

describe("a copy that fails midway", () => {
  it("leaves no new rows behind", async () => {
    const quiz = await buildQuiz();
    // Make every new addition fail: the copy has inserted the quiz, questions, answers,
    // conditions and results by then.
    await t.database.db.execute(sql`
      create function leadquiz_test_refuse() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`);
    await t.database.db.execute(sql`
      create trigger leadquiz_test_refuse before insert on additions
      for each row execute function leadquiz_test_refuse()`);
    try {
      const before = await tableCounts();
      const quizCopy = await apiCall(t, "POST", "/quiz/copy/", { user: owner, body: { id: quiz } });
      expect(quizCopy.statusCode).toBe(500);
      expect(await tableCounts()).toEqual(before);
      const projectCopy = await apiCall(t, "POST", "/project/copy/", {
        user: owner,
        body: { id: project },
      });
      expect(projectCopy.statusCode).toBe(500);
      expect(await tableCounts()).toEqual(before);
    } finally {
      await t.database.db.execute(sql`drop trigger leadquiz_test_refuse on additions`);
      await t.database.db.execute(sql`drop function leadquiz_test_refuse()`);
    }
    expect(
      (await apiCall(t, "POST", "/quiz/copy/", { user: owner, body: { id: quiz } })).statusCode,
    ).toBe(201);
  });
});
