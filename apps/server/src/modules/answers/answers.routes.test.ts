import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quizzes, resultConditions, results } from "../../db/schema";
import {
  createQuestionsHarness,
  type Owner,
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

interface AnswerJson {
  id: number;
  question: number;
  sort: number;
  text: string;
  image: string | null;
  is_right: boolean;
  points: number;
}

async function answersOf(questionId: number): Promise<AnswerJson[]> {
  const response = await h.call("GET", `/question/${questionId}/answer_list/`, { user: owner });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function addAnswer(body: Record<string, unknown>): Promise<AnswerJson> {
  const response = await h.call("POST", "/answer/", { user: owner, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function draftVersion(quizId: number): Promise<number> {
  const [row] = await db()
    .select({ v: quizzes.draftVersion })
    .from(quizzes)
    .where(eq(quizzes.id, quizId));
  return row?.v ?? -1;
}

describe("POST answer/", () => {
  it("adds 'Answer {n}' last, or at the given sort", async () => {
    const quizId = await h.quiz(owner);
    const q = await h.question(owner, { quiz: quizId, type: 1 });
    const before = await draftVersion(quizId);
    const third = await addAnswer({ question: q.id });
    expect(third).toMatchObject({
      question: q.id,
      sort: 3,
      text: "Answer 3",
      image: null,
      is_right: false,
      points: 0,
    });
    const first = await addAnswer({
      question: q.id,
      text: "Ja 👍",
      points: 2.5,
      is_right: true,
      sort: 1,
    });
    expect(first).toMatchObject({ sort: 1, text: "Ja 👍", points: 2.5, is_right: true });
    expect((await answersOf(q.id)).map((a) => [a.text, a.sort])).toEqual([
      ["Ja 👍", 1],
      ["Answer 1", 2],
      ["Answer 2", 3],
      ["Answer 3", 4],
    ]);
    expect(await draftVersion(quizId)).toBe(before + 2);
  });

  it("holds at most 10 answers per question", async () => {
    const quizId = await h.quiz(owner);
    const q = await h.question(owner, { quiz: quizId, type: 3 });
    for (let n = 3; n <= 10; n++) await addAnswer({ question: q.id });
    const response = await h.call("POST", "/answer/", { user: owner, body: { question: q.id } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ question: ["A question must have from 2 to 10 answers"] });
    expect(await answersOf(q.id)).toHaveLength(10);
  });

  it("refuses answers on a question type without answer options", async () => {
    const quizId = await h.quiz(owner);
    const q = await h.question(owner, { quiz: quizId, type: 5 });
    const response = await h.call("POST", "/answer/", {
      user: owner,
      language: "ru",
      body: { question: q.id },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ question: ["У вопроса этого типа нет вариантов ответа"] });
  });

  it("refuses a text over the limit and non-finite points per field", async () => {
    const quizId = await h.quiz(owner);
    const q = await h.question(owner, { quiz: quizId, type: 1 });
    const response = await h.call("POST", "/answer/", {
      user: owner,
      body: { question: q.id, text: "x".repeat(1001), points: "3" },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(["points", "text"]);
  });
});

describe("PATCH answer/{id}/", () => {
  it("changes text, points and the right flag, and moves it by sort", async () => {
    const quizId = await h.quiz(owner);
    const q = await h.question(owner, { quiz: quizId, type: 2 });
    const [a1, a2] = await answersOf(q.id);
    const response = await h.call("PATCH", `/answer/${a1?.id}/`, {
      user: owner,
      body: { text: "Yes", points: -1, is_right: true, image: null, sort: 2 },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ text: "Yes", points: -1, is_right: true, sort: 2 });
    expect((await answersOf(q.id)).map((a) => a.id)).toEqual([a2?.id, a1?.id]);
  });
});

describe("DELETE answer/{id}", () => {
  it("drops the answer from conditions and deletes conditions left without answers", async () => {
    const quizId = await h.quiz(owner);
    const q = await h.question(owner, { quiz: quizId, type: 1, config: { multi_answers: true } });
    const later = await h.question(owner, { quiz: quizId, type: 4 });
    const [a1, a2] = await answersOf(q.id);
    const both = await h.call("POST", "/questioncondition/", {
      user: owner,
      body: { question: later.id, ref_question: q.id, kind: "answers", answers: [a1?.id, a2?.id] },
    });
    const onlyFirst = await h.call("POST", "/questioncondition/", {
      user: owner,
      body: {
        question: later.id,
        ref_question: q.id,
        kind: "answers",
        answers: [a1?.id],
        answers_include: false,
      },
    });
    expect([both.statusCode, onlyFirst.statusCode]).toEqual([201, 201]);
    const [result] = await db().insert(results).values({ quizId, title: "R" }).returning();
    await db()
      .insert(resultConditions)
      .values([
        { resultId: result?.id ?? 0, refQuestionId: q.id, kind: "answers", answers: [a1?.id ?? 0] },
        {
          resultId: result?.id ?? 0,
          refQuestionId: q.id,
          kind: "answers",
          answers: [a1?.id ?? 0, a2?.id ?? 0],
        },
      ]);

    const response = await h.call("DELETE", `/answer/${a1?.id}`, { user: owner });
    expect(response.statusCode).toBe(204);
    expect(await answersOf(q.id)).toMatchObject([{ id: a2?.id, sort: 1 }]);
    const conditions = await h.call("GET", `/questionconditionlist/${later.id}/`, { user: owner });
    expect(conditions.json()).toMatchObject([{ id: both.json().id, answers: [a2?.id] }]);
    const rcs = await db()
      .select({ answers: resultConditions.answers })
      .from(resultConditions)
      .where(eq(resultConditions.resultId, result?.id ?? 0));
    expect(rcs).toEqual([{ answers: [a2?.id] }]);
  });
});

describe("another account", () => {
  it("gets 404 on every answer route", async () => {
    const quizId = await h.quiz(owner);
    const q = await h.question(owner, { quiz: quizId, type: 1 });
    const [a] = await answersOf(q.id);
    const as = { user: stranger };
    const calls = [
      await h.call("GET", `/question/${q.id}/answer_list/`, as),
      await h.call("POST", "/answer/", { ...as, body: { question: q.id } }),
      await h.call("PATCH", `/answer/${a?.id}/`, { ...as, body: { text: "mine" } }),
      await h.call("DELETE", `/answer/${a?.id}`, as),
    ];
    expect(calls.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
    expect((await answersOf(q.id)).map((x) => x.text)).toEqual(["Answer 1", "Answer 2"]);
  });
});
