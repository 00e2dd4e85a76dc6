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

async function createField(quiz: number, body: Record<string, unknown>) {
  const response = await call("POST", "/formfield/", { quiz, ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe("form fields", () => {
  it("creates fields last with defaults, lists and reads them", async () => {
    const quiz = await insertQuiz(t, owner);
    const before = await draftVersion(t, quiz);
    const name = await createField(quiz, { type: 1, label: "Ім'я", required: true });
    const phone = await createField(quiz, { type: 2 });
    expect(name).toMatchObject({
      quiz,
      type: 1,
      sort: 1,
      label: "Ім'я",
      required: true,
      enabled: true,
    });
    expect(phone).toMatchObject({ sort: 2, label: "", placeholder: "", required: false });
    const email = await createField(quiz, { type: 3, sort: 1 });
    expect(email.sort).toBe(1);
    const list = (await call("GET", `/quiz/${quiz}/formfield_list/`)).json();
    expect(list.map((f: { id: number; sort: number }) => [f.id, f.sort])).toEqual([
      [email.id, 1],
      [name.id, 2],
      [phone.id, 3],
    ]);
    expect((await call("GET", `/formfield/${phone.id}`)).json()).toMatchObject({ sort: 3 });
    expect(await draftVersion(t, quiz)).toBe(before + 3);
  });

  it("allows one field of each type", async () => {
    const quiz = await insertQuiz(t, owner);
    await createField(quiz, { type: 4 });
    const second = await call("POST", "/formfield/", { quiz, type: 4 }, owner, "ru");
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ type: ["Допускается только один элемент этого типа"] });
    const other = await createField(quiz, { type: 5 });
    const changed = await call("PATCH", `/formfield/${other.id}/`, { type: 4 });
    expect(changed.statusCode).toBe(400);
    expect(changed.json()).toEqual({ type: ["Only one of this type is allowed"] });
  });

  it("changes a field and moves it by sort", async () => {
    const quiz = await insertQuiz(t, owner);
    const a = await createField(quiz, { type: 1 });
    const b = await createField(quiz, { type: 2 });
    const patched = await call("PATCH", `/formfield/${b.id}/`, {
      sort: 1,
      label: "Телефон",
      placeholder: "+380…",
      enabled: false,
      type: 3,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ sort: 1, label: "Телефон", enabled: false, type: 3 });
    expect((await call("GET", `/formfield/${a.id}/`)).json().sort).toBe(2);
    const bad = await call("PATCH", `/formfield/${a.id}/`, { label: "x".repeat(256), type: 9 });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual(["label", "type"]);
  });

  it("deletes a field and renumbers the others", async () => {
    const quiz = await insertQuiz(t, owner);
    const a = await createField(quiz, { type: 1 });
    const b = await createField(quiz, { type: 2 });
    const c = await createField(quiz, { type: 3 });
    const moved = await call("PATCH", `/formfield/${c.id}/`, { sort: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().sort).toBe(1);
    expect((await call("DELETE", `/formfield/${b.id}`)).statusCode).toBe(204);
    const list = (await call("GET", `/quiz/${quiz}/formfield_list/`)).json();
    expect(list.map((f: { id: number; sort: number }) => [f.id, f.sort])).toEqual([
      [c.id, 1],
      [a.id, 2],
    ]);
  });

  it("answers 404 to another account on every route", async () => {
    const quiz = await insertQuiz(t, owner);
    const field = await createField(quiz, { type: 1 });
    const attempts = [
      await call("GET", `/quiz/${quiz}/formfield_list/`, undefined, stranger),
      await call("GET", `/formfield/${field.id}`, undefined, stranger),
      await call("POST", "/formfield/", { quiz, type: 2 }, stranger),
      await call("PATCH", `/formfield/${field.id}/`, { label: "mine" }, stranger),
      await call("DELETE", `/formfield/${field.id}`, undefined, stranger),
    ];
    for (const response of attempts) expect(response.statusCode, response.body).toBe(404);
    expect((await call("GET", `/quiz/${quiz}/formfield_list/`)).json()).toEqual([field]);
  });
});
