import type { Quiz, QuizSummary } from "@leadquiz/contract";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formFields, questions, quizConfigs, quizzes } from "../../db/schema";
import { apiCall, expectCall, registerUser, type TestUser } from "../../test-support/api-client";
import { createProject, createQuizIn } from "../../test-support/quiz-fixtures";
import {
  createTestAppWithDatabase,
  TEST_VISITOR_URL,
  type TestAppWithDatabase,
} from "../../test-support/test-app";

let t: TestAppWithDatabase;
let owner: TestUser;
let stranger: TestUser;
let project: number;

beforeAll(async () => {
  t = await createTestAppWithDatabase({ RATE_LIMIT_ENABLED: "false" });
  owner = await registerUser(t);
  stranger = await registerUser(t);
  project = await createProject(t, owner, { title: "Quizzes" });
});
afterAll(() => t.close());

async function draftVersion(id: number): Promise<number> {
  const [row] = await t.database.db
    .select({ v: quizzes.draftVersion })
    .from(quizzes)
    .where(eq(quizzes.id, id));
  return row?.v ?? -1;
}

describe("POST quiz/", () => {
  it("creates a quiz with the defaults", async () => {
    const quiz = await expectCall<Quiz>(t, 201, "POST", "/quiz/", {
      user: owner,
      body: { project },
    });
    expect(quiz).toMatchObject({
      project,
      title: "New quiz",
      language: 2,
      currency: 1,
      is_published: false,
      published_at: null,
      leads_count: 0,
      has_unpublished_changes: true,
      start_page: { enabled: true, media: null },
      design: { button_style: 1, progress_bar: true, font: null, background_image: null },
      contact_form: { messengers: [], privacy_policy_url: null },
      results_settings: {
        show_several: false,
        position: "after_form",
        output_format: "logic",
        general_formula: [],
        general_formula_valid: true,
        general_formula_errors: [],
      },
      analytics: { gtm_id: "", ga_id: "", pixel_id: "", tiktok_id: "" },
    });
    expect(quiz.public_key).toMatch(/^[0-9a-f]{32}$/);
    // On the visitor origin, never the owner app's (docs/adr/0016-visitor-origin.md).
    expect(quiz.public_url).toBe(`${TEST_VISITOR_URL}/q/${quiz.public_key}`);
    const fields = await t.database.db
      .select()
      .from(formFields)
      .where(eq(formFields.quizId, quiz.id))
      .orderBy(asc(formFields.sort));
    expect(fields.map((field) => [field.type, field.required, field.enabled])).toEqual([
      [1, true, true],
      [2, true, true],
      [3, false, true],
    ]);
  });

  it("takes the title and language from the owner's interface language", async () => {
    const ruOwner = await registerUser(t, { language: "ru" });
    const ruProject = await createProject(t, ruOwner);
    const quiz = await expectCall<Quiz>(t, 201, "POST", "/quiz/", {
      user: ruOwner,
      body: { project: ruProject },
    });
    expect(quiz).toMatchObject({ title: "Новый квиз", language: 3 });
  });

  it("takes the given fields and nested objects", async () => {
    const quiz = await expectCall<Quiz>(t, 201, "POST", "/quiz", {
      user: owner,
      body: {
        project,
        title: "Квиз 🍕",
        language: 8,
        currency: 2,
        design: { button_color: "#ff0000" },
        start_page: { enabled: false, title: "Hi" },
        results_settings: { general_formula: [{ kind: 1, value: 2 }] },
      },
    });
    expect(quiz).toMatchObject({
      title: "Квиз 🍕",
      language: 8,
      currency: 2,
      design: { button_color: "#ff0000", button_text_color: "#ffffff" },
      start_page: { enabled: false, title: "Hi", description: "" },
      results_settings: { general_formula: [{ kind: 1, value: 2 }], general_formula_valid: true },
    });
  });

  it("refuses bad fields per field, with dotted keys for nested ones", async () => {
    const response = await apiCall(t, "POST", "/quiz/", {
      user: owner,
      body: { project, language: 99, design: { button_color: "red!", button_style: 0 } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      language: ["Invalid value"],
      "design.button_color": ["Invalid value"],
      "design.button_style": ["Invalid value"],
    });
    const missing = await apiCall(t, "POST", "/quiz/", { user: owner, body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ project: ["Required field"] });
  });

  it("answers 404 for a project that is not the caller's", async () => {
    const response = await apiCall(t, "POST", "/quiz/", { user: stranger, body: { project } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: "not_found" });
  });
});

describe("GET quiz/ and quiz/{id}/", () => {
  it("lists the caller's quizzes, by project on request", async () => {
    const someone = await registerUser(t);
    const p1 = await createProject(t, someone);
    const p2 = await createProject(t, someone);
    const q1 = await createQuizIn(t, someone, p1);
    const q2 = await createQuizIn(t, someone, p2);
    const all = await expectCall<QuizSummary[]>(t, 200, "GET", "/quiz/", { user: someone });
    expect(all.map((quiz) => quiz.id)).toEqual([q1, q2]);
    expect(Object.keys(all[0] ?? {}).sort()).toEqual([
      "created_at",
      "id",
      "is_published",
      "leads_count",
      "project",
      "public_url",
      "published_at",
      "title",
    ]);
    const of2 = await expectCall<QuizSummary[]>(t, 200, "GET", `/quiz/?project=${p2}`, {
      user: someone,
    });
    expect(of2.map((quiz) => quiz.id)).toEqual([q2]);
    expect(
      (await apiCall(t, "GET", `/quiz/?project=${project}`, { user: someone })).statusCode,
    ).toBe(404);
    const bad = await apiCall(t, "GET", "/quiz/?project=x", { user: someone });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty("project");
  });

  it("reads one quiz", async () => {
    const id = await createQuizIn(t, owner, project, { title: "One" });
    const quiz = await expectCall<Quiz>(t, 200, "GET", `/quiz/${id}`, { user: owner });
    expect(quiz).toMatchObject({ id, title: "One", project });
    expect((await apiCall(t, "GET", "/quiz/99999999/", { user: owner })).statusCode).toBe(404);
  });
});

describe("PATCH quiz/{id}/", () => {
  it("changes fields, merges nested objects, and bumps the draft version", async () => {
    const id = await createQuizIn(t, owner, project, { design: { text_color: "#000000" } });
    const before = await draftVersion(id);
    const quiz = await expectCall<Quiz>(t, 200, "PATCH", `/quiz/${id}/`, {
      user: owner,
      body: {
        title: "Renamed",
        currency: 3,
        design: { button_color: "#123456" },
        contact_form: { messengers: ["telegram", "viber"], thank_you_url: "https://x.example/t" },
        analytics: { gtm_id: "GTM-1" },
      },
    });
    expect(quiz).toMatchObject({
      title: "Renamed",
      currency: 3,
      design: { button_color: "#123456", text_color: "#000000" },
      contact_form: { messengers: ["telegram", "viber"], thank_you_url: "https://x.example/t" },
      analytics: { gtm_id: "GTM-1", ga_id: "" },
    });
    expect(await draftVersion(id)).toBe(before + 1);

    const cleared = await expectCall<Quiz>(t, 200, "PATCH", `/quiz/${id}/`, {
      user: owner,
      body: { design: { text_color: null }, contact_form: { thank_you_url: null } },
    });
    expect(cleared.design).toMatchObject({ text_color: "#111827", button_color: "#123456" });
    expect(cleared.contact_form.thank_you_url).toBeNull();
    expect(await draftVersion(id)).toBe(before + 2);
  });

  it("refuses bad nested values per dotted field and changes nothing", async () => {
    const id = await createQuizIn(t, owner, project);
    const before = await expectCall<Quiz>(t, 200, "GET", `/quiz/${id}/`, { user: owner });
    const response = await apiCall(t, "PATCH", `/quiz/${id}/`, {
      user: owner,
      body: {
        title: "x",
        contact_form: { privacy_policy_url: "javascript:alert(1)" },
        results_settings: { position: "middle" },
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      "contact_form.privacy_policy_url": ["Invalid value"],
      "results_settings.position": ["Invalid value"],
    });
    expect(await expectCall(t, 200, "GET", `/quiz/${id}/`, { user: owner })).toEqual(before);
  });

  it("saves the general formula with the engine's verdict against the quiz's questions", async () => {
    const id = await createQuizIn(t, owner, project);
    const [slider] = await t.database.db
      .insert(questions)
      .values({ quizId: id, sort: 0, type: 7, title: "How many?", config: { min: 0, max: 10 } })
      .returning();
    const [text] = await t.database.db
      .insert(questions)
      .values({ quizId: id, sort: 1, type: 4, title: "Name?" })
      .returning();
    if (!slider || !text) throw new Error("no questions");
    const valid = await expectCall<Quiz>(t, 200, "PATCH", `/quiz/${id}/`, {
      user: owner,
      body: {
        results_settings: {
          general_formula: [
            { kind: 3, question: slider.id },
            { kind: 2, op: 3 },
            { kind: 1, value: 2 },
          ],
        },
      },
    });
    expect(valid.results_settings).toMatchObject({
      general_formula_valid: true,
      general_formula_errors: [],
    });
    const broken = await expectCall<Quiz>(t, 200, "PATCH", `/quiz/${id}/`, {
      user: owner,
      body: {
        results_settings: {
          general_formula: [
            { kind: 3, question: text.id },
            { kind: 2, op: 1 },
            { kind: 3, question: 99999999 },
            { kind: 2, op: 1 },
          ],
        },
      },
    });
    expect(broken.results_settings).toMatchObject({
      general_formula_valid: false,
      general_formula_errors: expect.arrayContaining([
        { index: 0, code: "question_without_numeric_value" },
        { index: 2, code: "unknown_question" },
        { index: 3, code: "trailing_operation" },
      ]),
    });
    // Another results_settings key leaves the formula and its verdict alone.
    const other = await expectCall<Quiz>(t, 200, "PATCH", `/quiz/${id}/`, {
      user: owner,
      body: { results_settings: { show_several: true } },
    });
    expect(other.results_settings).toMatchObject({
      show_several: true,
      general_formula_valid: false,
    });
    expect(other.results_settings.general_formula).toHaveLength(4);
  });

  it("moves the quiz to another project of the caller, never to another account's", async () => {
    const id = await createQuizIn(t, owner, project);
    const target = await createProject(t, owner);
    const moved = await expectCall<Quiz>(t, 200, "PATCH", `/quiz/${id}/`, {
      user: owner,
      body: { project: target },
    });
    expect(moved.project).toBe(target);
    const list = await expectCall<QuizSummary[]>(t, 200, "GET", `/quiz/?project=${target}`, {
      user: owner,
    });
    expect(list.map((quiz) => quiz.id)).toEqual([id]);

    const foreign = await createProject(t, stranger);
    const refused = await apiCall(t, "PATCH", `/quiz/${id}/`, {
      user: owner,
      body: { project: foreign, title: "moved?" },
    });
    expect(refused.statusCode).toBe(404);
    const deleted = await createProject(t, owner);
    await expectCall(t, 204, "DELETE", `/project/${deleted}/`, { user: owner });
    expect(
      (await apiCall(t, "PATCH", `/quiz/${id}/`, { user: owner, body: { project: deleted } }))
        .statusCode,
    ).toBe(404);
    const after = await expectCall<Quiz>(t, 200, "GET", `/quiz/${id}/`, { user: owner });
    expect(after).toMatchObject({ project: target, title: moved.title });
  });
});

describe("DELETE quiz/{id}/", () => {
  it("hides the quiz and frees its landing subdomain", async () => {
    const id = await createQuizIn(t, owner, project);
    await t.database.db.insert(quizConfigs).values({ quizId: id, subdomain: "my-landing" });
    await expectCall(t, 204, "DELETE", `/quiz/${id}/`, { user: owner });
    expect((await apiCall(t, "GET", `/quiz/${id}/`, { user: owner })).statusCode).toBe(404);
    expect((await apiCall(t, "PATCH", `/quiz/${id}/`, { user: owner, body: {} })).statusCode).toBe(
      404,
    );
    expect((await apiCall(t, "DELETE", `/quiz/${id}/`, { user: owner })).statusCode).toBe(404);
    const [config] = await t.database.db
      .select()
      .from(quizConfigs)
      .where(eq(quizConfigs.quizId, id));
    expect(config?.subdomain).toBeNull();
    const [row] = await t.database.db.select().from(quizzes).where(eq(quizzes.id, id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
  });
});

describe("POST quiz/copy/", () => {
  it("copies into the same project as an unpublished draft with a new public key", async () => {
    const id = await createQuizIn(t, owner, project, {
      title: "Original",
      design: { button_color: "#abcdef" },
    });
    await t.database.db
      .update(quizzes)
      .set({
        isPublished: true,
        publishedAt: new Date(),
        publishedDraftVersion: 1,
        draftVersion: 1,
      })
      .where(eq(quizzes.id, id));
    await t.database.db.insert(quizConfigs).values({ quizId: id, subdomain: "copied-landing" });
    const original = await expectCall<Quiz>(t, 200, "GET", `/quiz/${id}/`, { user: owner });
    const copy = await expectCall<Quiz>(t, 201, "POST", "/quiz/copy/", {
      user: owner,
      body: { id },
    });
    expect(copy).toMatchObject({
      project,
      title: "Original (copy)",
      is_published: false,
      published_at: null,
      has_unpublished_changes: true,
      design: original.design,
    });
    expect(copy.id).not.toBe(id);
    expect(copy.public_key).not.toBe(original.public_key);
    const [config] = await t.database.db
      .select()
      .from(quizConfigs)
      .where(eq(quizConfigs.quizId, copy.id));
    expect(config?.subdomain).toBeNull();
    expect(
      (await expectCall<Quiz>(t, 200, "GET", `/quiz/${id}/`, { user: owner })).is_published,
    ).toBe(true);
  });

  it("keeps a long title within the limit", async () => {
    const id = await createQuizIn(t, owner, project, { title: "й".repeat(500) });
    const copy = await expectCall<Quiz>(t, 201, "POST", "/quiz/copy/", {
      user: owner,
      body: { id },
    });
    expect([...copy.title]).toHaveLength(500);
    expect(copy.title.endsWith(" (copy)")).toBe(true);
  });
});

describe("another account's quiz", () => {
  it("answers 404 to read, change, copy and delete", async () => {
    const id = await createQuizIn(t, owner, project, { title: "Private" });
    const as = { user: stranger };
    expect((await apiCall(t, "GET", `/quiz/${id}/`, as)).statusCode).toBe(404);
    expect(
      (await apiCall(t, "PATCH", `/quiz/${id}/`, { ...as, body: { title: "x" } })).statusCode,
    ).toBe(404);
    expect((await apiCall(t, "POST", "/quiz/copy/", { ...as, body: { id } })).statusCode).toBe(404);
    expect((await apiCall(t, "DELETE", `/quiz/${id}/`, as)).statusCode).toBe(404);
    expect(await expectCall(t, 200, "GET", "/quiz/", as)).toEqual([]);
    expect((await expectCall<Quiz>(t, 200, "GET", `/quiz/${id}/`, { user: owner })).title).toBe(
      "Private",
    );
  });
});
