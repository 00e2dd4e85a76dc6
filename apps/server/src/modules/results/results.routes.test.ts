import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, callerAs, registerUser, type TestUser } from "../../test-support/api-client";
import { draftVersion, insertQuestion, insertQuiz } from "../../test-support/quiz-fixtures";
import { createTestAppWithDatabase, type TestAppWithDatabase } from "../../test-support/test-app";

let t: TestAppWithDatabase;
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await createTestAppWithDatabase({ RATE_LIMIT_ENABLED: "false" });
  owner = await registerUser(t);
  stranger = await registerUser(t);
});
afterAll(async () => t.close());

const call = callerAs(
  () => t,
  () => owner,
);

async function createResult(quiz: number, body: Record<string, unknown> = {}) {
  const response = await call("POST", "/result/", { quiz, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe("results", () => {
  it("creates results titled Result {n} in the quiz's language, placed last", async () => {
    const quiz = await insertQuiz(t, owner);
    const before = await draftVersion(t, quiz);
    const first = await createResult(quiz);
    const second = await createResult(quiz);
    expect(first).toMatchObject({
      quiz,
      title: "Result 1",
      sort: 1,
      type: 1,
      condition_mode: 0,
      formula: [],
      formula_valid: true,
      formula_errors: [],
      output: [],
      config: {},
      media: null,
      unit: null,
    });
    expect(second).toMatchObject({ title: "Result 2", sort: 2 });
    expect(await draftVersion(t, quiz)).toBe(before + 2);

    const russian = await insertQuiz(t, owner, { language: 3 });
    expect((await createResult(russian)).title).toBe("Результат 1");
    const german = await insertQuiz(t, owner, { language: 8 });
    expect((await createResult(german, { title: "Mein Ergebnis" })).title).toBe("Mein Ergebnis");
  });

  it("lists a quiz's results by sort and reads one", async () => {
    const quiz = await insertQuiz(t, owner);
    const a = await createResult(quiz);
    const b = await createResult(quiz);
    const c = await createResult(quiz, { sort: 1, title: "First" });
    const list = await call("GET", `/quiz/${quiz}/result_list/`);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((r: { id: number; sort: number }) => [r.id, r.sort])).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);
    const one = await call("GET", `/result/${a.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: a.id, sort: 2 });
  });

  it("saves a formula with the engine's verdict, broken or not", async () => {
    const quiz = await insertQuiz(t, owner);
    const choice = await insertQuestion(t, quiz, { type: 1, sort: 1 });
    const text = await insertQuestion(t, quiz, { type: 4, sort: 2 });
    const result = await createResult(quiz, {
      type: 2,
      formula: [
        { kind: 3, question: choice.id },
        { kind: 2, op: 3 },
        { kind: 1, value: 2 },
      ],
    });
    expect(result).toMatchObject({ formula_valid: true, formula_errors: [] });

    const broken = await call("PATCH", `/result/${result.id}/`, {
      formula: [
        { kind: 3, question: choice.id },
        { kind: 2, op: 1 },
      ],
    });
    expect(broken.statusCode, broken.body).toBe(200);
    expect(broken.json()).toMatchObject({
      formula: [
        { kind: 3, question: choice.id },
        { kind: 2, op: 1 },
      ],
      formula_valid: false,
      formula_errors: [{ index: 1, code: "trailing_operation" }],
    });

    const textual = await call("PATCH", `/result/${result.id}/`, {
      formula: [{ kind: 3, question: text.id }],
    });
    expect(textual.json()).toMatchObject({
      formula_valid: false,
      formula_errors: [{ index: 0, code: "question_without_numeric_value" }],
    });

    // A Formula result without a formula is broken; a Const one without a formula is not.
    const empty = await call("PATCH", `/result/${result.id}/`, { formula: [] });
    expect(empty.json()).toMatchObject({
      formula_valid: false,
      formula_errors: [{ code: "empty" }],
    });
    const constant = await call("PATCH", `/result/${result.id}/`, { type: 1 });
    expect(constant.json()).toMatchObject({ formula_valid: true, formula_errors: [] });
    const general = await call("PATCH", `/result/${result.id}/`, {
      type: 2,
      use_general_formula: true,
    });
    expect(general.json()).toMatchObject({ formula_valid: true, use_general_formula: true });
  });

  it("refuses a formula naming a question of another quiz, changing nothing", async () => {
    const quiz = await insertQuiz(t, owner);
    const other = await insertQuiz(t, owner);
    const foreign = await insertQuestion(t, other, { type: 5 });
    const created = await call("POST", "/result/", {
      quiz,
      formula: [
        { kind: 1, value: 1 },
        { kind: 2, op: 1 },
        { kind: 3, question: foreign.id },
      ],
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ "formula.2.question": ["Invalid value"] });
    expect((await call("GET", `/quiz/${quiz}/result_list/`)).json()).toEqual([]);

    const result = await createResult(quiz);
    const before = await draftVersion(t, quiz);
    const patched = await call("PATCH", `/result/${result.id}/`, {
      title: "Changed",
      formula: [{ kind: 3, question: foreign.id }],
    });
    expect(patched.statusCode).toBe(400);
    expect(patched.json()).toEqual({ "formula.0.question": ["Invalid value"] });
    expect((await call("GET", `/result/${result.id}/`)).json().title).toBe("Result 1");
    expect(await draftVersion(t, quiz)).toBe(before);
  });

  it("changes fields, merges config and moves by sort", async () => {
    const quiz = await insertQuiz(t, owner);
    const a = await createResult(quiz);
    const b = await createResult(quiz);
    const c = await createResult(quiz);
    const patched = await call("PATCH", `/result/${c.id}/`, {
      sort: 1,
      title: "Привіт 👋",
      condition_mode: 3,
      range_from: 1.5,
      range_to: 10,
      unit: "kilogram",
      output: [{ from: 0, to: 5, value: "low" }],
      show_total: true,
      button_link: "https://example.com/",
      send_to_email: true,
      config: { conditions_match: "any" },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      sort: 1,
      title: "Привіт 👋",
      condition_mode: 3,
      range_from: 1.5,
      unit: "kilogram",
      output: [{ from: 0, to: 5, value: "low" }],
      config: { conditions_match: "any" },
    });
    const order = (await call("GET", `/quiz/${quiz}/result_list/`)).json();
    expect(order.map((r: { id: number; sort: number }) => [r.id, r.sort])).toEqual([
      [c.id, 1],
      [a.id, 2],
      [b.id, 3],
    ]);
    const cleared = await call("PATCH", `/result/${c.id}/`, { config: { conditions_match: null } });
    expect(cleared.json().config).toEqual({});
  });

  it("answers 400 per field for bad values", async () => {
    const quiz = await insertQuiz(t, owner);
    const result = await createResult(quiz);
    const response = await call("PATCH", `/result/${result.id}/`, {
      type: 4,
      unit: "parsec",
      button_link: "javascript:alert(1)",
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(["button_link", "type", "unit"]);
    const russian = await call("POST", "/result/", { quiz, title: "x".repeat(501) }, owner, "ru");
    expect(russian.statusCode).toBe(400);
    expect(russian.json().title).toEqual(["Слишком длинное значение"]);
  });

  it("copies a result with its conditions right after it", async () => {
    const quiz = await insertQuiz(t, owner);
    const question = await insertQuestion(t, quiz, { type: 1 });
    const a = await createResult(quiz, { title: "A", condition_mode: 1 });
    const b = await createResult(quiz, { title: "B" });
    const condition = await call("POST", "/resultcondition/", {
      result: a.id,
      ref_question: question.id,
      kind: "answers",
      answers: [question.answers[0]],
    });
    expect(condition.statusCode, condition.body).toBe(201);
    const copy = await call("POST", "/result/copy/", { id: a.id });
    expect(copy.statusCode, copy.body).toBe(201);
    const { id: copyId, sort, ...copied } = copy.json();
    const { id: _id, sort: _sort, ...original } = a;
    expect(copied).toEqual(original);
    expect(sort).toBe(2);
    const order = (await call("GET", `/quiz/${quiz}/result_list/`)).json();
    expect(order.map((r: { id: number }) => r.id)).toEqual([a.id, copyId, b.id]);
    const conditions = (await call("GET", `/resultconditionlist/${copyId}/`)).json();
    expect(conditions).toHaveLength(1);
    expect(conditions[0]).toMatchObject({
      result: copyId,
      ref_question: question.id,
      answers: [question.answers[0]],
    });
  });

  it("deletes a result and renumbers the others", async () => {
    const quiz = await insertQuiz(t, owner);
    const a = await createResult(quiz);
    const b = await createResult(quiz);
    const c = await createResult(quiz);
    const deleted = await call("DELETE", `/result/${a.id}`);
    expect(deleted.statusCode).toBe(204);
    expect((await call("GET", `/result/${a.id}/`)).statusCode).toBe(404);
    const order = (await call("GET", `/quiz/${quiz}/result_list/`)).json();
    expect(order.map((r: { id: number; sort: number }) => [r.id, r.sort])).toEqual([
      [b.id, 1],
      [c.id, 2],
    ]);
  });

  it("answers 404 to another account on every route", async () => {
    const quiz = await insertQuiz(t, owner);
    const result = await createResult(quiz);
    const attempts = [
      await call("GET", `/quiz/${quiz}/result_list/`, undefined, stranger),
      await call("GET", `/result/${result.id}`, undefined, stranger),
      await call("POST", "/result/", { quiz }, stranger),
      await call("POST", "/result/copy/", { id: result.id }, stranger),
      await call("PATCH", `/result/${result.id}/`, { title: "mine" }, stranger),
      await call("DELETE", `/result/${result.id}`, undefined, stranger),
    ];
    for (const response of attempts) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().code).toBe("not_found");
    }
    const list = (await call("GET", `/quiz/${quiz}/result_list/`)).json();
    expect(list).toHaveLength(1);
    expect(list[0].title).toBe("Result 1");
    expect((await apiCall(t, "GET", `/result/${result.id}`)).statusCode).toBe(401);
  });
});
