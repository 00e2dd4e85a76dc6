import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerAs, registerUser, type TestUser } from "../../test-support/api-client";
import { draftVersion, insertQuiz } from "../../test-support/quiz-fixtures";
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

async function createAddition(quiz: number, body: Record<string, unknown>) {
  const response = await call("POST", "/addition/", { quiz, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe("additions", () => {
  it("creates additions with their type's default settings", async () => {
    const quiz = await insertQuiz(t, owner);
    const before = await draftVersion(t, quiz);
    const bonus = await createAddition(quiz, { type: 1, settings: { name: "Знижка" } });
    const discount = await createAddition(quiz, { type: 2 });
    const consultant = await createAddition(quiz, { type: 3, display: "contact_only" });
    expect(bonus).toMatchObject({
      quiz,
      type: 1,
      sort: 1,
      enabled: true,
      display: "all_except_start",
      image: null,
      settings: { name: "Знижка", discount_amount: "", link: "" },
    });
    expect(discount).toMatchObject({
      sort: 2,
      settings: { max_discount: 10, discount_type: "ordinary" },
    });
    expect(consultant).toMatchObject({
      display: "contact_only",
      settings: { name: "", job_title: "", text: "" },
    });
    const list = (await call("GET", `/addition/${quiz}/by_quiz`)).json();
    expect(list).toEqual([bonus, discount, consultant]);
    expect(await draftVersion(t, quiz)).toBe(before + 3);
  });

  it("allows one addition of each type", async () => {
    const quiz = await insertQuiz(t, owner);
    await createAddition(quiz, { type: 2 });
    const second = await call("POST", "/addition/", { quiz, type: 2 }, owner, "uk");
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ type: ["Дозволено лише один елемент цього типу"] });
  });

  it("refuses settings that break the type's rules", async () => {
    const quiz = await insertQuiz(t, owner);
    const created = await call("POST", "/addition/", {
      quiz,
      type: 2,
      settings: { max_discount: 150 },
    });
    expect(created.statusCode).toBe(400);
    expect(Object.keys(created.json())).toEqual(["settings.max_discount"]);
    const bonus = await call("POST", "/addition/", {
      quiz,
      type: 1,
      settings: { link: "ftp://example.com" },
    });
    expect(bonus.statusCode).toBe(400);
    expect(Object.keys(bonus.json())).toEqual(["settings.link"]);
  });

  it("merges settings on PATCH, re-checks them and drops keys of other types", async () => {
    const quiz = await insertQuiz(t, owner);
    const discount = await createAddition(quiz, { type: 2, settings: { max_discount: 30 } });
    const patched = await call("PATCH", `/addition/${discount.id}/`, {
      settings: { discount_type: "growing", name: "not mine" },
      enabled: false,
      display: "all",
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      enabled: false,
      display: "all",
      settings: { max_discount: 30, discount_type: "growing" },
    });
    expect(patched.json().settings).not.toHaveProperty("name");
    const cleared = await call("PATCH", `/addition/${discount.id}/`, {
      settings: { max_discount: null },
    });
    expect(cleared.json().settings).toEqual({ max_discount: 10, discount_type: "growing" });
    const bad = await call("PATCH", `/addition/${discount.id}/`, {
      settings: { max_discount: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(["settings.max_discount"]);
  });

  it("moves by sort and renumbers after a delete", async () => {
    const quiz = await insertQuiz(t, owner);
    const a = await createAddition(quiz, { type: 1 });
    const b = await createAddition(quiz, { type: 2 });
    const c = await createAddition(quiz, { type: 3 });
    const moved = await call("PATCH", `/addition/${c.id}/`, { sort: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().sort).toBe(1);
    expect((await call("DELETE", `/addition/${a.id}/`)).statusCode).toBe(204);
    const list = (await call("GET", `/addition/${quiz}/by_quiz/`)).json();
    expect(list.map((x: { id: number; sort: number }) => [x.id, x.sort])).toEqual([
      [c.id, 1],
      [b.id, 2],
    ]);
  });

  it("answers 404 to another account on every route", async () => {
    const quiz = await insertQuiz(t, owner);
    const addition = await createAddition(quiz, { type: 1 });
    const attempts = [
      await call("GET", `/addition/${quiz}/by_quiz`, undefined, stranger),
      await call("POST", "/addition/", { quiz, type: 2 }, stranger),
      await call("PATCH", `/addition/${addition.id}/`, { enabled: false }, stranger),
      await call("DELETE", `/addition/${addition.id}/`, undefined, stranger),
    ];
    for (const response of attempts) expect(response.statusCode, response.body).toBe(404);
    expect((await call("GET", `/addition/${quiz}/by_quiz`)).json()).toEqual([addition]);
  });
});
