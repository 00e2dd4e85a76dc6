import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  answers as answersTable,
  questionConditions,
  quizzes,
  resultConditions,
  results,
} from "../../db/schema";
import {
  createQuestionsHarness,
  type Owner,
  type QuestionJson,
  type QuestionsHarness,
} from "../../test-support/questions-fixtures";

let h: QuestionsHarness;
let owner: Owner;
let stranger: Owner;
beforeAll(async () => {
  h = await createQuestionsHarness();
  owner = await h.signUp();
  stranger = await h.signUp();
});
afterAll(async () => h.close());

const db = () => h.t.database.db;

async function listOf(quizId: number): Promise<QuestionJson[]> {
  const response = await h.call("GET", `/quiz/${quizId}/question_list/`, { user: owner });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function answersOf(
  questionId: number,
): Promise<{ id: number; text: string; sort: number }[]> {
  const response = await h.call("GET", `/question/${questionId}/answer_list/`, { user: owner });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function draftVersion(quizId: number): Promise<number> {
  const [row] = await db()
    .select({ v: quizzes.draftVersion })
    .from(quizzes)
    .where(eq(quizzes.id, quizId));
  return row?.v ?? -1;
}

async function conditionOn(
  questionId: number,
  body: Record<string, unknown>,
): Promise<{ id: number; answers_operator: string }> {
  const response = await h.call("POST", "/questioncondition/", {
    user: owner,
    body: { question: questionId, ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function resultWith(quizId: number, values: Partial<typeof results.$inferInsert> = {}) {
  const [row] = await db()
    .insert(results)
    .values({ quizId, title: "R", ...values })
    .returning();
  if (!row) throw new Error("no result");
  return row;
}

describe("POST question/", () => {
  it("titles a new question 'New question {n}', puts it last and gives choice types two answers", async () => {
    const quizId = await h.quiz(owner);
    const before = await draftVersion(quizId);
    const first = await h.question(owner, { quiz: quizId, type: 1 });
    expect(first).toMatchObject({
      quiz: quizId,
      sort: 1,
      type: 1,
      title: "New question 1",
      description: "",
      button_text: "",
      required: false,
      media: null,
      video_url: null,
      config: {},
    });
    expect((await answersOf(first.id)).map((a) => [a.text, a.sort])).toEqual([
      ["Answer 1", 1],
      ["Answer 2", 2],
    ]);
    const second = await h.question(owner, { quiz: quizId, type: 4, title: "Your name?" });
    expect(second).toMatchObject({ sort: 2, title: "Your name?" });
    expect(await answersOf(second.id)).toEqual([]);
    const third = await h.question(owner, { quiz: quizId, type: 5 });
    expect(third.title).toBe("New question 3");
    expect(await draftVersion(quizId)).toBe(before + 3);
  });

  it("writes the default texts in the quiz's language", async () => {
    const quizId = await h.quiz(owner, { language: 3 });
    const question = await h.question(owner, { quiz: quizId, type: 2 });
    expect(question.title).toBe("Новый вопрос 1");
    expect((await answersOf(question.id)).map((a) => a.text)).toEqual(["Ответ 1", "Ответ 2"]);
  });

  it("places a question at the given sort and renumbers the others", async () => {
    const quizId = await h.quiz(owner);
    const a = await h.question(owner, { quiz: quizId, type: 4 });
    const b = await h.question(owner, { quiz: quizId, type: 4 });
    const c = await h.question(owner, { quiz: quizId, type: 4, sort: 1 });
    expect(c.sort).toBe(1);
    expect((await listOf(quizId)).map((q) => [q.id, q.sort])).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);
  });

  it("stores the config given and refuses an indivisible step per field", async () => {
    const quizId = await h.quiz(owner);
    const slider = await h.question(owner, {
      quiz: quizId,
      type: 7,
      config: { min: 0, max: 10, step: 2, unit: "price" },
    });
    expect(slider.config).toEqual({ min: 0, max: 10, step: 2, unit: "price" });
    const response = await h.call("POST", "/question/", {
      user: owner,
      body: { quiz: quizId, type: 7, config: { min: 0, max: 10, step: 3 } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      "config.step": [
        "The difference between the maximum and the minimum must be divisible by the step",
      ],
    });
  });

  it("refuses a rating scale outside 2-10 and a video link that is not YouTube", async () => {
    const quizId = await h.quiz(owner);
    const response = await h.call("POST", "/question/", {
      user: owner,
      body: {
        quiz: quizId,
        type: 5,
        config: { quantity_of_answers: 11 },
        video_url: "https://vimeo.com/1",
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      "config.quantity_of_answers": ["A question must have from 2 to 10 answers"],
      video_url: ["Invalid YouTube URL"],
    });
    const ok = await h.question(owner, {
      quiz: quizId,
      type: 5,
      config: { quantity_of_answers: 10 },
      video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    });
    expect(ok.video_url).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  });

  it("translates the errors by Accept-Language", async () => {
    const quizId = await h.quiz(owner);
    const response = await h.call("POST", "/question/", {
      user: owner,
      language: "uk",
      body: { quiz: quizId, type: 1, video_url: "not a link" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().video_url).toEqual(["Некоректне посилання на YouTube"]);
  });

  it("answers 404 for a quiz that does not exist", async () => {
    const response = await h.call("POST", "/question/", {
      user: owner,
      body: { quiz: 999_999, type: 1 },
    });
    expect(response.statusCode).toBe(404);
  });
});

describe("GET question/{id}/ and quiz/{id}/question_list/", () => {
  it("reads a question and lists a quiz's questions by sort", async () => {
    const quizId = await h.quiz(owner);
    const a = await h.question(owner, { quiz: quizId, type: 6, config: { date_range: true } });
    const read = await h.call("GET", `/question/${a.id}`, { user: owner });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(a);
    expect(await listOf(quizId)).toEqual([a]);
  });
});

describe("PATCH question/{id}/", () => {
  it("changes fields and merges the config (null removes a key)", async () => {
    const quizId = await h.quiz(owner);
    const q = await h.question(owner, {
      quiz: quizId,
      type: 7,
      config: { min: 0, max: 10, step: 1, two_sided: false },
    });
    const response = await h.call("PATCH", `/question/${q.id}/`, {
      user: owner,
      body: {
        title: "Budget 💶",
        description: "Pick a range",
        required: true,
        config: { max: 20, step: 5, two_sided: null },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      title: "Budget 💶",
      description: "Pick a range",
      required: true,
      config: { min: 0, max: 20, step: 5 },
    });
    expect(response.json().config).not.toHaveProperty("two_sided");
  });

  it("checks the merged config whole: an indivisible step or max ≤ min is refused", async () => {
    const quizId = await h.quiz(owner);
    const q = await h.question(owner, {
      quiz: quizId,
      type: 7,
      config: { min: 0, max: 10, step: 1 },
    });
    const step = await h.call("PATCH", `/question/${q.id}/`, {
      user: owner,
      body: { title: "changed", config: { step: 3 } },
    });
    expect(step.statusCode).toBe(400);
    expect(step.json()).toEqual({
      "config.step": [
        "The difference between the maximum and the minimum must be divisible by the step",
      ],
    });
    const max = await h.call("PATCH", `/question/${q.id}/`, {
      user: owner,
      language: "ru",
      body: { config: { max: -1 } },
    });
    expect(max.statusCode).toBe(400);
    expect(Object.keys(max.json())).toEqual(["config.max"]);
    const read = await h.call("GET", `/question/${q.id}/`, { user: owner });
    expect(read.json()).toMatchObject({ title: q.title, config: { min: 0, max: 10, step: 1 } });
  });

  it("refuses a video link that is not YouTube and clears one with null or ''", async () => {
    const quizId = await h.quiz(owner);
    const q = await h.question(owner, {
      quiz: quizId,
      type: 4,
      video_url: "https://youtu.be/dQw4w9WgXcQ",
    });
    const bad = await h.call("PATCH", `/question/${q.id}/`, {
      user: owner,
      body: { video_url: "https://example.com/video.mp4" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ video_url: ["Invalid YouTube URL"] });
    const cleared = await h.call("PATCH", `/question/${q.id}/`, {
      user: owner,
      body: { video_url: "" },
    });
    expect(cleared.json().video_url).toBeNull();
  });

  it("changing the type deletes the answers and the conditions on them", async () => {
    const quizId = await h.quiz(owner);
    const list = await h.question(owner, { quiz: quizId, type: 1 });
    const later = await h.question(owner, { quiz: quizId, type: 4 });
    const oldAnswers = await answersOf(list.id);
    const onAnswers = await conditionOn(later.id, {
      ref_question: list.id,
      kind: "answers",
      answers: [oldAnswers[0]?.id],
    });
    const onPoints = await conditionOn(later.id, {
      ref_question: list.id,
      kind: "number",
      number_operator: "more",
      number_from: 1,
    });
    const result = await resultWith(quizId);
    await db()
      .insert(resultConditions)
      .values({
        resultId: result.id,
        refQuestionId: list.id,
        kind: "answers",
        answers: [oldAnswers[1]?.id ?? 0],
      });

    // List → Cards: new default answers, the answers conditions go, the number one stays.
    const cards = await h.call("PATCH", `/question/${list.id}/`, {
      user: owner,
      body: { type: 2 },
    });
    expect(cards.statusCode).toBe(200);
    expect(cards.json().type).toBe(2);
    const newAnswers = await answersOf(list.id);
    expect(newAnswers.map((a) => a.text)).toEqual(["Answer 1", "Answer 2"]);
    expect(newAnswers.map((a) => a.id)).not.toContain(oldAnswers[0]?.id);
    const remaining = await db()
      .select({ id: questionConditions.id })
      .from(questionConditions)
      .where(eq(questionConditions.questionId, later.id));
    expect(remaining.map((c) => c.id)).toEqual([onPoints.id]);
    expect(onAnswers.id).not.toBe(onPoints.id);
    expect(
      await db().select().from(resultConditions).where(eq(resultConditions.resultId, result.id)),
    ).toEqual([]);

    // Cards → Text: no answers, and a number condition is no longer supported.
    const text = await h.call("PATCH", `/question/${list.id}/`, { user: owner, body: { type: 4 } });
    expect(text.statusCode).toBe(200);
    expect(await answersOf(list.id)).toEqual([]);
    expect(
      await db()
        .select()
        .from(questionConditions)
        .where(eq(questionConditions.questionId, later.id)),
    ).toEqual([]);
  });

  it("re-checks the formulas when a type change takes a question's numeric value away", async () => {
    const quizId = await h.quiz(owner);
    const rating = await h.question(owner, { quiz: quizId, type: 5 });
    const result = await resultWith(quizId, {
      type: 2,
      formula: [
        { kind: 3, question: rating.id },
        { kind: 2, op: 1 },
        { kind: 1, value: 1 },
      ],
    });
    await h.call("PATCH", `/question/${rating.id}/`, { user: owner, body: { type: 4 } });
    const [row] = await db().select().from(results).where(eq(results.id, result.id));
    expect(row).toMatchObject({
      formulaValid: false,
      formulaErrors: [{ index: 0, code: "question_without_numeric_value" }],
    });
    await h.call("PATCH", `/question/${rating.id}/`, { user: owner, body: { type: 5 } });
    const [again] = await db().select().from(results).where(eq(results.id, result.id));
    expect(again).toMatchObject({ formulaValid: true, formulaErrors: [] });
  });

  it("turning multi_answers off turns AND into OR in question and result conditions", async () => {
    const quizId = await h.quiz(owner);
    const multi = await h.question(owner, {
      quiz: quizId,
      type: 1,
      config: { multi_answers: true },
    });
    const later = await h.question(owner, { quiz: quizId, type: 4 });
    const ids = (await answersOf(multi.id)).map((a) => a.id);
    const and = await conditionOn(later.id, {
      ref_question: multi.id,
      kind: "answers",
      answers: ids,
      answers_operator: "and",
    });
    const result = await resultWith(quizId);
    const [resultCondition] = await db()
      .insert(resultConditions)
      .values({
        resultId: result.id,
        refQuestionId: multi.id,
        kind: "answers",
        answers: ids,
        answersOperator: "and",
      })
      .returning();

    const response = await h.call("PATCH", `/question/${multi.id}/`, {
      user: owner,
      body: { config: { multi_answers: false } },
    });
    expect(response.statusCode).toBe(200);
    const read = await h.call("GET", `/questioncondition/${and.id}/`, { user: owner });
    expect(read.json().answers_operator).toBe("or");
    const [rc] = await db()
      .select()
      .from(resultConditions)
      .where(eq(resultConditions.id, resultCondition?.id ?? 0));
    expect(rc?.answersOperator).toBe("or");
  });

  it("moves a question to sort k, renumbers the others and drops conditions that now look ahead", async () => {
    const quizId = await h.quiz(owner);
    const a = await h.question(owner, { quiz: quizId, type: 5 });
    const b = await h.question(owner, { quiz: quizId, type: 5 });
    const c = await h.question(owner, { quiz: quizId, type: 5 });
    const d = await h.question(owner, { quiz: quizId, type: 5 });
    const cOnA = await conditionOn(c.id, {
      ref_question: a.id,
      kind: "number",
      number_from: 1,
      number_to: 3,
    });
    const dOnB = await conditionOn(d.id, {
      ref_question: b.id,
      kind: "number",
      number_from: 1,
      number_to: 3,
    });
    const before = await draftVersion(quizId);

    // a moves to 3: c's condition on a now refers to a later question.
    const moved = await h.call("PATCH", `/question/${a.id}/`, { user: owner, body: { sort: 3 } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().sort).toBe(3);
    expect((await listOf(quizId)).map((q) => [q.id, q.sort])).toEqual([
      [b.id, 1],
      [c.id, 2],
      [a.id, 3],
      [d.id, 4],
    ]);
    expect(
      (await h.call("GET", `/questioncondition/${cOnA.id}/`, { user: owner })).statusCode,
    ).toBe(404);
    expect(
      (await h.call("GET", `/questioncondition/${dOnB.id}/`, { user: owner })).statusCode,
    ).toBe(200);
    expect(await draftVersion(quizId)).toBe(before + 1);

    // A sort beyond the end puts it last.
    const last = await h.call("PATCH", `/question/${b.id}/`, { user: owner, body: { sort: 99 } });
    expect(last.json().sort).toBe(4);
    expect(
      (await h.call("GET", `/questioncondition/${dOnB.id}/`, { user: owner })).statusCode,
    ).toBe(404);
  });
});

describe("POST question/copy/", () => {
  it("copies the question with its answers and conditions right after it", async () => {
    const quizId = await h.quiz(owner);
    const a = await h.question(owner, { quiz: quizId, type: 1 });
    const b = await h.question(owner, {
      quiz: quizId,
      type: 2,
      title: "Pick one",
      config: { multi_answers: true },
    });
    const c = await h.question(owner, { quiz: quizId, type: 4 });
    await h.call("PATCH", `/answer/${(await answersOf(b.id))[0]?.id}/`, {
      user: owner,
      body: { points: 7, is_right: true },
    });
    const aAnswers = (await answersOf(a.id)).map((x) => x.id);
    await conditionOn(b.id, { ref_question: a.id, kind: "answers", answers: aAnswers });

    const response = await h.call("POST", "/question/copy/", { user: owner, body: { id: b.id } });
    expect(response.statusCode, response.body).toBe(201);
    const copy = response.json();
    expect(copy).toMatchObject({
      sort: 3,
      type: 2,
      title: "Pick one",
      config: { multi_answers: true },
    });
    expect(copy.id).not.toBe(b.id);
    expect((await listOf(quizId)).map((q) => q.id)).toEqual([a.id, b.id, copy.id, c.id]);
    const strip = (list: Record<string, unknown>[]) =>
      list.map(({ id: _id, question: _q, ...rest }) => rest);
    const originalAnswers = await h.call("GET", `/question/${b.id}/answer_list/`, { user: owner });
    const copiedAnswers = await h.call("GET", `/question/${copy.id}/answer_list/`, { user: owner });
    expect(strip(copiedAnswers.json())).toEqual(strip(originalAnswers.json()));
    expect(copiedAnswers.json()[0]).toMatchObject({ points: 7, is_right: true });
    const originalConditions = await h.call("GET", `/questionconditionlist/${b.id}/`, {
      user: owner,
    });
    const copiedConditions = await h.call("GET", `/questionconditionlist/${copy.id}/`, {
      user: owner,
    });
    expect(strip(copiedConditions.json())).toEqual(strip(originalConditions.json()));
    expect(copiedConditions.json()).toHaveLength(1);
  });
});

describe("DELETE question/{id}/", () => {
  it("removes the question, its conditions and its formula elements, and renumbers", async () => {
    const quizId = await h.quiz(owner);
    const a = await h.question(owner, { quiz: quizId, type: 5 });
    const b = await h.question(owner, { quiz: quizId, type: 5 });
    const c = await h.question(owner, { quiz: quizId, type: 1 });
    const onA = await conditionOn(c.id, {
      ref_question: a.id,
      kind: "number",
      number_from: 1,
      number_to: 2,
    });
    const onB = await conditionOn(c.id, {
      ref_question: b.id,
      kind: "number",
      number_from: 1,
      number_to: 2,
    });
    const result = await resultWith(quizId, {
      type: 2,
      formula: [
        { kind: 3, question: a.id },
        { kind: 2, op: 3 },
        { kind: 3, question: b.id },
      ],
    });
    const onlyA = await resultWith(quizId, { type: 2, formula: [{ kind: 3, question: a.id }] });
    await db()
      .insert(resultConditions)
      .values({ resultId: result.id, refQuestionId: a.id, kind: "number", numberFrom: 1 });
    await db()
      .update(quizzes)
      .set({
        resultsSettings: {
          show_several: true,
          general_formula: [
            { kind: 1, value: 2 },
            { kind: 2, op: 1 },
            { kind: 3, question: a.id },
          ],
        },
      })
      .where(eq(quizzes.id, quizId));
    const before = await draftVersion(quizId);

    const response = await h.call("DELETE", `/question/${a.id}/`, { user: owner });
    expect(response.statusCode).toBe(204);
    expect((await h.call("GET", `/question/${a.id}/`, { user: owner })).statusCode).toBe(404);
    expect((await listOf(quizId)).map((q) => [q.id, q.sort])).toEqual([
      [b.id, 1],
      [c.id, 2],
    ]);
    const conditions = await h.call("GET", `/questionconditionlist/${c.id}/`, { user: owner });
    expect(conditions.json().map((x: { id: number }) => x.id)).toEqual([onB.id]);
    expect(onA.id).toBeLessThan(onB.id);
    expect(
      await db().select().from(resultConditions).where(eq(resultConditions.resultId, result.id)),
    ).toEqual([]);
    const [kept] = await db().select().from(results).where(eq(results.id, result.id));
    expect(kept).toMatchObject({
      formula: [{ kind: 3, question: b.id }],
      formulaValid: true,
      formulaErrors: [],
    });
    const [emptied] = await db().select().from(results).where(eq(results.id, onlyA.id));
    expect(emptied).toMatchObject({
      formula: [],
      formulaValid: false,
      formulaErrors: [{ index: 0, code: "empty" }],
    });
    const [quiz] = await db().select().from(quizzes).where(eq(quizzes.id, quizId));
    expect(quiz?.resultsSettings).toEqual({
      show_several: true,
      general_formula: [{ kind: 1, value: 2 }],
    });
    expect(quiz?.generalFormulaErrors).toEqual([]);
    expect(await draftVersion(quizId)).toBe(before + 1);
  });

  it("leaves the general formula empty and valid when it held only the deleted question", async () => {
    const quizId = await h.quiz(owner);
    const only = await h.question(owner, { quiz: quizId, type: 5 });
    await db()
      .update(quizzes)
      .set({ resultsSettings: { general_formula: [{ kind: 3, question: only.id }] } })
      .where(eq(quizzes.id, quizId));

    expect((await h.call("DELETE", `/question/${only.id}/`, { user: owner })).statusCode).toBe(204);

    const quiz = (await h.call("GET", `/quiz/${quizId}/`, { user: owner })).json<{
      results_settings: { general_formula: unknown[]; general_formula_valid: boolean };
    }>();
    expect(quiz.results_settings.general_formula).toEqual([]);
    expect(quiz.results_settings.general_formula_valid).toBe(true);
  });

  it("leaves everything as it was when a step fails midway", async () => {
    const quizId = await h.quiz(owner);
    const a = await h.question(owner, { quiz: quizId, type: 5 });
    const b = await h.question(owner, { quiz: quizId, type: 5 });
    const result = await resultWith(quizId, {
      type: 2,
      formula: [
        { kind: 3, question: a.id },
        { kind: 2, op: 1 },
        { kind: 3, question: b.id },
      ],
    });
    // The formula update (after the question row is gone) fails for this result.
    await db().execute(
      sql.raw(`create or replace function fail_result_update() returns trigger as $$
        begin raise exception 'boom'; end; $$ language plpgsql`),
    );
    await db().execute(
      sql.raw(`create trigger fail_result_update before update on results
        for each row when (old.id = ${result.id}) execute function fail_result_update()`),
    );
    try {
      const response = await h.call("DELETE", `/question/${a.id}/`, { user: owner });
      expect(response.statusCode).toBe(500);
    } finally {
      await db().execute(sql.raw("drop trigger fail_result_update on results"));
    }
    expect((await listOf(quizId)).map((q) => [q.id, q.sort])).toEqual([
      [a.id, 1],
      [b.id, 2],
    ]);
    const [row] = await db().select().from(results).where(eq(results.id, result.id));
    expect(row?.formula).toHaveLength(3);
    expect(await answersOf(a.id)).toEqual([]);
  });
});

describe("another account", () => {
  it("gets 404 on every question route", async () => {
    const quizId = await h.quiz(owner);
    const q = await h.question(owner, { quiz: quizId, type: 1 });
    const as = { user: stranger };
    const calls = [
      await h.call("GET", `/quiz/${quizId}/question_list/`, as),
      await h.call("GET", `/question/${q.id}/`, as),
      await h.call("POST", "/question/", { ...as, body: { quiz: quizId, type: 1 } }),
      await h.call("POST", "/question/copy/", { ...as, body: { id: q.id } }),
      await h.call("PATCH", `/question/${q.id}/`, { ...as, body: { title: "mine" } }),
      await h.call("DELETE", `/question/${q.id}/`, as),
    ];
    expect(calls.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(calls[0]?.json()).toMatchObject({ code: "not_found" });
    expect(await listOf(quizId)).toHaveLength(1);
    expect((await answersOf(q.id)).length).toBe(2);
    const [row] = await db().select().from(answersTable).where(eq(answersTable.questionId, q.id));
    expect(row).toBeDefined();
  });

  it("answers 401 without a token", async () => {
    expect((await h.call("GET", "/question/1/")).statusCode).toBe(401);
  });
});
