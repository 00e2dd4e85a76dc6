import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quizzes } from "../../db/schema";
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

/** A quiz of every kind of reference, in this order, and a last Text question. */
async function quizWithQuestions() {
  const quizId = await h.quiz(owner);
  const list = await h.question(owner, { quiz: quizId, type: 1 });
  const rating = await h.question(owner, { quiz: quizId, type: 5 });
  const range = await h.question(owner, {
    quiz: quizId,
    type: 7,
    config: { two_sided: true, min: 0, max: 100, step: 1 },
  });
  const date = await h.question(owner, { quiz: quizId, type: 6 });
  const text = await h.question(owner, { quiz: quizId, type: 4 });
  const last = await h.question(owner, { quiz: quizId, type: 2 });
  const listAnswers = (
    await h.call("GET", `/question/${list.id}/answer_list/`, { user: owner })
  ).json() as { id: number }[];
  const lastAnswers = (
    await h.call("GET", `/question/${last.id}/answer_list/`, { user: owner })
  ).json() as { id: number }[];
  return {
    quizId,
    list,
    rating,
    range,
    date,
    text,
    last,
    listAnswers: listAnswers.map((a) => a.id),
    lastAnswers: lastAnswers.map((a) => a.id),
  };
}

function post(body: Record<string, unknown>, language?: string) {
  return h.call("POST", "/questioncondition/", { user: owner, body, language });
}

async function draftVersion(quizId: number): Promise<number> {
  const [row] = await h.t.database.db
    .select({ v: quizzes.draftVersion })
    .from(quizzes)
    .where(eq(quizzes.id, quizId));
  return row?.v ?? -1;
}

describe("POST questioncondition/", () => {
  it("creates a condition with the defaults and bumps the draft", async () => {
    const s = await quizWithQuestions();
    const before = await draftVersion(s.quizId);
    const response = await post({
      question: s.last.id,
      ref_question: s.list.id,
      kind: "answers",
      answers: s.listAnswers,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      question: s.last.id,
      ref_question: s.list.id,
      kind: "answers",
      answers: s.listAnswers,
      answers_include: true,
      answers_operator: "or",
      number_operator: "in_range",
      number_from: null,
      number_to: null,
      range_operator: "inside",
      range_from: null,
      range_to: null,
    });
    expect(await draftVersion(s.quizId)).toBe(before + 1);
  });

  it("accepts each kind on a question type that supports it", async () => {
    const s = await quizWithQuestions();
    const bodies = [
      { ref_question: s.list.id, kind: "number", number_operator: "more", number_from: 2 },
      { ref_question: s.rating.id, kind: "number", number_from: 2, number_to: 4 },
      {
        ref_question: s.range.id,
        kind: "range",
        range_operator: "touches",
        range_from: 10,
        range_to: 20,
      },
      {
        ref_question: s.date.id,
        kind: "range",
        range_from: "2024-01-01",
        range_to: "2024-12-31T23:59:00Z",
      },
    ];
    for (const body of bodies) {
      const response = await post({ question: s.last.id, ...body });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject(body);
    }
    const list = await h.call("GET", `/questionconditionlist/${s.last.id}/`, { user: owner });
    expect(list.json()).toHaveLength(4);
  });

  it("refuses a condition on the first question", async () => {
    const s = await quizWithQuestions();
    const response = await post({
      question: s.list.id,
      ref_question: s.rating.id,
      kind: "number",
      number_from: 1,
      number_to: 2,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ question: ["The first question cannot have conditions"] });
  });

  it("refuses a reference to the question itself or a later one", async () => {
    const s = await quizWithQuestions();
    const later = await post({
      question: s.rating.id,
      ref_question: s.last.id,
      kind: "answers",
      answers: s.lastAnswers,
    });
    expect(later.statusCode).toBe(400);
    expect(later.json()).toEqual({
      ref_question: ["A condition can only refer to an earlier question"],
    });
    const itself = await post({
      question: s.rating.id,
      ref_question: s.rating.id,
      kind: "number",
      number_from: 1,
      number_to: 1,
    });
    expect(itself.json()).toEqual({
      ref_question: ["A condition can only refer to an earlier question"],
    });
  });

  it("refuses a kind the referenced type does not support", async () => {
    const s = await quizWithQuestions();
    const cases = [
      { ref_question: s.text.id, kind: "number", number_from: 1, number_to: 2 },
      { ref_question: s.rating.id, kind: "answers", answers: s.listAnswers },
      { ref_question: s.range.id, kind: "number", number_from: 1, number_to: 2 },
      { ref_question: s.list.id, kind: "range", range_from: 1, range_to: 2 },
    ];
    for (const body of cases) {
      const response = await post({ question: s.last.id, ...body });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        kind: ["This question type does not support this kind of condition"],
      });
    }
  });

  it("refuses answers of another question and translates the message", async () => {
    const s = await quizWithQuestions();
    const response = await post(
      {
        question: s.last.id,
        ref_question: s.list.id,
        kind: "answers",
        answers: [s.listAnswers[0], s.lastAnswers[0]],
      },
      "uk",
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      answers: ["Відповіді мають належати до вибраного питання"],
    });
  });

  it("refuses range bounds that do not fit the referenced question", async () => {
    const s = await quizWithQuestions();
    const response = await post({
      question: s.last.id,
      ref_question: s.date.id,
      kind: "range",
      range_from: 5,
      range_to: "2024-01-01",
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ range_from: ["Invalid value"] });
  });

  it("refuses a reference to a question of another quiz", async () => {
    const s = await quizWithQuestions();
    const other = await quizWithQuestions();
    const response = await post({
      question: s.last.id,
      ref_question: other.rating.id,
      kind: "number",
      number_from: 1,
      number_to: 3,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ ref_question: ["Invalid value"] });
  });

  it("refuses the same condition twice", async () => {
    const s = await quizWithQuestions();
    const body = {
      question: s.last.id,
      ref_question: s.list.id,
      kind: "answers",
      answers: s.listAnswers,
      number_from: 5,
    };
    expect((await post(body)).statusCode).toBe(201);
    const again = await post({ ...body, answers: [...s.listAnswers].reverse(), number_from: 6 });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ non_field_errors: ["The same condition already exists"] });
    const excluded = await post({ ...body, answers_include: false });
    expect(excluded.statusCode).toBe(201);
  });

  it("checks the shape of each kind", async () => {
    const s = await quizWithQuestions();
    const response = await post({ question: s.last.id, ref_question: s.list.id, kind: "answers" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ answers: ["Required field"] });
  });
});

describe("PATCH questioncondition/{id}/", () => {
  it("changes a condition and re-checks the merged one", async () => {
    const s = await quizWithQuestions();
    const created = (
      await post({
        question: s.last.id,
        ref_question: s.rating.id,
        kind: "number",
        number_from: 1,
        number_to: 3,
      })
    ).json();
    const other = (
      await post({
        question: s.last.id,
        ref_question: s.rating.id,
        kind: "number",
        number_operator: "equal",
        number_from: 5,
      })
    ).json();
    const url = `/questioncondition/${created.id}/`;

    const changed = await h.call("PATCH", url, {
      user: owner,
      body: { number_operator: "more", number_to: null },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      number_operator: "more",
      number_from: 1,
      number_to: null,
    });

    const kind = await h.call("PATCH", url, { user: owner, body: { kind: "answers" } });
    expect(kind.statusCode).toBe(400);
    expect(kind.json()).toEqual({ answers: ["Required field"] });

    const unsupported = await h.call("PATCH", url, {
      user: owner,
      body: { ref_question: s.text.id },
    });
    expect(unsupported.json()).toEqual({
      kind: ["This question type does not support this kind of condition"],
    });

    const duplicate = await h.call("PATCH", url, {
      user: owner,
      body: { number_operator: "equal", number_from: 5 },
    });
    expect(duplicate.json()).toEqual({ non_field_errors: ["The same condition already exists"] });
    expect(other.id).not.toBe(created.id);

    const unchanged = await h.call("GET", url, { user: owner });
    expect(unchanged.json()).toEqual(changed.json());

    const same = await h.call("PATCH", url, { user: owner, body: { number_from: 1 } });
    expect(same.statusCode).toBe(200);
  });
});

describe("DELETE questioncondition/{id}/", () => {
  it("deletes a condition", async () => {
    const s = await quizWithQuestions();
    const created = (
      await post({
        question: s.last.id,
        ref_question: s.date.id,
        kind: "range",
        range_from: "2024-01-01",
        range_to: "2024-02-01",
      })
    ).json();
    const response = await h.call("DELETE", `/questioncondition/${created.id}/`, { user: owner });
    expect(response.statusCode).toBe(204);
    const read = await h.call("GET", `/questioncondition/${created.id}/`, { user: owner });
    expect(read.statusCode).toBe(404);
  });
});

describe("another account", () => {
  it("gets 404 on every condition route", async () => {
    const s = await quizWithQuestions();
    const created = (
      await post({
        question: s.last.id,
        ref_question: s.rating.id,
        kind: "number",
        number_from: 1,
        number_to: 2,
      })
    ).json();
    const as = { user: stranger };
    const strangerQuiz = await h.quiz(stranger);
    const first: QuestionJson = await (
      await h.call("POST", "/question/", { ...as, body: { quiz: strangerQuiz, type: 5 } })
    ).json();
    await h.call("POST", "/question/", { ...as, body: { quiz: strangerQuiz, type: 5 } });
    const calls = [
      await h.call("GET", `/questioncondition/${created.id}/`, as),
      await h.call("GET", `/questionconditionlist/${s.last.id}/`, as),
      await h.call("POST", "/questioncondition/", {
        ...as,
        body: {
          question: s.last.id,
          ref_question: s.rating.id,
          kind: "number",
          number_from: 9,
          number_to: 9,
        },
      }),
      await h.call("PATCH", `/questioncondition/${created.id}/`, {
        ...as,
        body: { number_from: 2 },
      }),
      await h.call("DELETE", `/questioncondition/${created.id}/`, as),
    ];
    expect(calls.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404]);
    // Referring to the owner's question from the stranger's own quiz is no way in either.
    const crossRef = await h.call("POST", "/questioncondition/", {
      ...as,
      body: {
        question: first.id + 1,
        ref_question: s.rating.id,
        kind: "number",
        number_from: 1,
        number_to: 2,
      },
    });
    expect(crossRef.statusCode).toBe(400);
    expect(crossRef.json()).toEqual({ ref_question: ["Invalid value"] });
    const list = await h.call("GET", `/questionconditionlist/${s.last.id}/`, { user: owner });
    expect(list.json()).toMatchObject([{ id: created.id, number_from: 1 }]);
  });
});
