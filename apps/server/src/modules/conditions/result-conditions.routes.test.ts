import { translate } from "@leadquiz/i18n";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerAs, registerUser, type TestUser } from "../../test-support/api-client";
import {
  draftVersion,
  insertQuestion,
  insertQuiz,
  type TestQuestion,
} from "../../test-support/quiz-fixtures";
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

interface Setup {
  quiz: number;
  result: number;
  choice: TestQuestion;
  text: TestQuestion;
  slider: TestQuestion;
  date: TestQuestion;
}

async function setup(): Promise<Setup> {
  const quiz = await insertQuiz(t, owner);
  const choice = await insertQuestion(t, quiz, { type: 1, sort: 1, answerCount: 3 });
  const text = await insertQuestion(t, quiz, { type: 4, sort: 2 });
  const slider = await insertQuestion(t, quiz, {
    type: 7,
    sort: 3,
    config: { min: 0, max: 100, step: 1 },
  });
  const date = await insertQuestion(t, quiz, { type: 6, sort: 4 });
  const result = await call("POST", "/result/", { quiz, condition_mode: 1 });
  return { quiz, result: result.json().id, choice, text, slider, date };
}

describe("result conditions", () => {
  it("creates, lists, reads, changes and deletes conditions", async () => {
    const s = await setup();
    const before = await draftVersion(t, s.quiz);
    const created = await call("POST", "/resultcondition/", {
      result: s.result,
      ref_question: s.choice.id,
      kind: "answers",
      answers: [s.choice.answers[1], s.choice.answers[0]],
      answers_operator: "and",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      result: s.result,
      ref_question: s.choice.id,
      kind: "answers",
      answers_include: true,
      answers_operator: "and",
      number_operator: "in_range",
      range_operator: "inside",
      number_from: null,
      range_from: null,
    });
    const range = await call("POST", "/resultcondition/", {
      result: s.result,
      ref_question: s.date.id,
      kind: "range",
      range_operator: "touches",
      range_from: "2024-01-01",
      range_to: "2024-12-31T10:00:00Z",
    });
    expect(range.statusCode, range.body).toBe(201);
    expect(range.json()).toMatchObject({
      range_from: "2024-01-01",
      range_to: "2024-12-31T10:00:00Z",
    });
    expect(await draftVersion(t, s.quiz)).toBe(before + 2);

    const list = await call("GET", `/resultconditionlist/${s.result}/`);
    expect(list.json().map((c: { id: number }) => c.id)).toEqual([
      created.json().id,
      range.json().id,
    ]);
    const one = await call("GET", `/resultcondition/${created.json().id}`);
    expect(one.json()).toEqual(created.json());

    const patched = await call("PATCH", `/resultcondition/${created.json().id}`, {
      kind: "number",
      number_operator: "more",
      number_from: 2,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      kind: "number",
      number_operator: "more",
      number_from: 2,
    });

    const deleted = await call("DELETE", `/resultcondition/${created.json().id}/`);
    expect(deleted.statusCode).toBe(204);
    expect((await call("GET", `/resultconditionlist/${s.result}`)).json()).toHaveLength(1);
  });

  it("refuses a question of another quiz", async () => {
    const s = await setup();
    const other = await insertQuiz(t, owner);
    const foreign = await insertQuestion(t, other, { type: 1 });
    const response = await call("POST", "/resultcondition/", {
      result: s.result,
      ref_question: foreign.id,
      kind: "answers",
      answers: foreign.answers,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ ref_question: ["Invalid value"] });
  });

  it("refuses a kind the referenced type does not support", async () => {
    const s = await setup();
    const onText = await call(
      "POST",
      "/resultcondition/",
      { result: s.result, ref_question: s.text.id, kind: "number", number_from: 1, number_to: 2 },
      owner,
      "uk",
    );
    expect(onText.statusCode).toBe(400);
    expect(onText.json()).toEqual({
      kind: [translate("uk", "validation:condition_kind_not_supported")],
    });
    const rangeOnChoice = await call("POST", "/resultcondition/", {
      result: s.result,
      ref_question: s.choice.id,
      kind: "range",
      range_from: 1,
      range_to: 2,
    });
    expect(rangeOnChoice.json()).toEqual({
      kind: [translate("en", "validation:condition_kind_not_supported")],
    });
  });

  it("refuses answers of another question and bounds of the wrong form", async () => {
    const s = await setup();
    const other = await insertQuestion(t, s.quiz, { type: 2, sort: 5 });
    const answers = await call("POST", "/resultcondition/", {
      result: s.result,
      ref_question: s.choice.id,
      kind: "answers",
      answers: [s.choice.answers[0], other.answers[0]],
    });
    expect(answers.statusCode).toBe(400);
    expect(answers.json()).toEqual({
      answers: [translate("en", "validation:condition_answers_not_of_ref")],
    });
    const bounds = await call("POST", "/resultcondition/", {
      result: s.result,
      ref_question: s.slider.id,
      kind: "range",
      range_from: "2024-01-01",
      range_to: 5,
    });
    expect(bounds.statusCode).toBe(400);
    expect(bounds.json()).toEqual({ range_from: ["Invalid value"] });
  });

  it("refuses the same condition twice, also through a PATCH", async () => {
    const s = await setup();
    const body = {
      result: s.result,
      ref_question: s.slider.id,
      kind: "number",
      number_operator: "more",
      number_from: 10,
    };
    expect((await call("POST", "/resultcondition/", body)).statusCode).toBe(201);
    const again = await call("POST", "/resultcondition/", { ...body, number_to: 99 });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      non_field_errors: [translate("en", "validation:condition_duplicate")],
    });

    const different = await call("POST", "/resultcondition/", { ...body, number_from: 20 });
    expect(different.statusCode).toBe(201);
    const patched = await call("PATCH", `/resultcondition/${different.json().id}/`, {
      number_from: 10,
    });
    expect(patched.statusCode).toBe(400);
    expect(patched.json()).toEqual({
      non_field_errors: [translate("en", "validation:condition_duplicate")],
    });
    // A PATCH that changes nothing is not a duplicate of itself.
    const same = await call("PATCH", `/resultcondition/${different.json().id}/`, {
      number_from: 20,
    });
    expect(same.statusCode).toBe(200);
  });

  it("checks the merged condition's shape after a PATCH", async () => {
    const s = await setup();
    const created = await call("POST", "/resultcondition/", {
      result: s.result,
      ref_question: s.choice.id,
      kind: "answers",
      answers: [s.choice.answers[0]],
    });
    const patched = await call("PATCH", `/resultcondition/${created.json().id}/`, {
      ref_question: s.slider.id,
      kind: "range",
    });
    expect(patched.statusCode).toBe(400);
    expect(patched.json()).toEqual({
      range_from: ["Required field"],
      range_to: ["Required field"],
    });
    const missing = await call("POST", "/resultcondition/", {
      result: s.result,
      ref_question: s.choice.id,
      kind: "answers",
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ answers: ["Required field"] });
  });

  it("answers 404 to another account on every route", async () => {
    const s = await setup();
    const created = await call("POST", "/resultcondition/", {
      result: s.result,
      ref_question: s.choice.id,
      kind: "answers",
      answers: [s.choice.answers[0]],
    });
    const id = created.json().id;
    const attempts = [
      await call("GET", `/resultconditionlist/${s.result}/`, undefined, stranger),
      await call("GET", `/resultcondition/${id}`, undefined, stranger),
      await call(
        "POST",
        "/resultcondition/",
        {
          result: s.result,
          ref_question: s.slider.id,
          kind: "number",
          number_from: 1,
          number_operator: "less",
        },
        stranger,
      ),
      await call("PATCH", `/resultcondition/${id}/`, { answers_include: false }, stranger),
      await call("DELETE", `/resultcondition/${id}/`, undefined, stranger),
    ];
    for (const response of attempts) {
      expect(response.statusCode, response.body).toBe(404);
    }
    const list = (await call("GET", `/resultconditionlist/${s.result}/`)).json();
    expect(list).toEqual([created.json()]);
  });
});
