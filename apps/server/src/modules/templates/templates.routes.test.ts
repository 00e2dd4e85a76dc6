import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PublicQuiz, Quiz, TemplatePage } from "@leadquiz/contract";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  leads,
  questions,
  quizEvents,
  quizPublications,
  quizTemplates,
  quizzes,
  visitorSessions,
} from "../../db/schema";
import { createStorage } from "../../storage/storage";
import {
  apiCall,
  expectCall,
  freshIp,
  registerUser,
  type TestUser,
} from "../../test-support/api-client";
import { createPublishableQuiz, publish } from "../../test-support/publication-fixtures";
import {
  createTestAppWithDatabase,
  TEST_VISITOR_URL,
  type TestAppWithDatabase,
} from "../../test-support/test-app";
import { seedTemplates } from "../../workflows/template-catalogue";
import { readOrCreateOperatorKey } from "../tariffs";
import { walkProblems } from "./template-check";

const DATA_DIR = fileURLToPath(new URL("./data/", import.meta.url));

describe("the template catalogue", () => {
  let t: TestAppWithDatabase;
  let owner: TestUser;
  let project: number;

  beforeAll(async () => {
    // Seeded at start-up, as `npm start` does on a fresh machine.
    t = await createTestAppWithDatabase({ SEED_TEMPLATES: "true" });
    owner = await registerUser(t, { language: "ru" });
    project = (
      await expectCall<{ id: number }>(t, 201, "POST", "/project/", {
        user: owner,
        body: { title: "Clients" },
      })
    ).id;
  });
  afterAll(async () => t?.close());

  const list = (query: string, user = owner) =>
    expectCall<TemplatePage>(t, 200, "GET", `/quiz-templates/${query}`, { user });
  /** Every page of a listing, following `next`. */
  async function listAll(query: string): Promise<TemplatePage["results"]> {
    const results: TemplatePage["results"] = [];
    let page = await list(query);
    results.push(...page.results);
    while (page.next) {
      const joiner = query ? "&" : "?";
      page = await list(`${query}${joiner}cursor=${encodeURIComponent(page.next)}`);
      results.push(...page.results);
    }
    return results;
  }
  const templateFiles = readdirSync(DATA_DIR).filter((name) => name.endsWith(".json"));

  it("lists every template of data/ in each language, published, with its cover", async () => {
    const page = await list("?language=en");
    const slugs = page.results.map((entry) => entry.title);
    expect(slugs).toContain("Renovation cost calculator");
    const renovation = page.results.find((entry) => entry.title === "Renovation cost calculator");
    expect(renovation).toMatchObject({
      type: "calculator",
      theme: "renovation",
      language: "en",
      question_count: 8,
      preview_url: expect.stringMatching(new RegExp(`^${TEST_VISITOR_URL}/q/[0-9a-f]{32}$`)),
      public_key: expect.stringMatching(/^[0-9a-f]{32}$/),
      image: expect.stringMatching(/^\/media\/.+\.webp$/),
    });
    const cover = await apiCall(t, "GET", renovation?.image ?? "");
    expect(cover.statusCode).toBe(200);
    expect(cover.headers["content-type"]).toBe("image/webp");

    const ru = await listAll("?language=ru");
    expect(ru.map((entry) => entry.title)).toContain("Калькулятор стоимости ремонта");
    expect(ru).toHaveLength(templateFiles.length);
    // Unfiltered: every file in each of the three languages, over several pages.
    const all = await listAll("");
    expect(all).toHaveLength(templateFiles.length * 3);
    expect(new Set(all.map((entry) => entry.id)).size).toBe(all.length);
  });

  it("publishes each template so the runtime plays it and the engine walks every path", async () => {
    const page = await listAll("?language=uk");
    expect(page).toHaveLength(templateFiles.length);
    for (const entry of page) {
      const key = entry.preview_url.split("/q/")[1] ?? "";
      const snapshot = await expectCall<PublicQuiz>(t, 200, "GET", `/public/quiz/${key}/`);
      expect(snapshot.questions).toHaveLength(entry.question_count);
      // The visitor's copy hides points when results are gated: walk the stored snapshot.
      const [stored] = await t.database.db
        .select({ snapshot: quizPublications.snapshot })
        .from(quizPublications)
        .where(eq(quizPublications.quizId, entry.id));
      if (!stored) throw new Error("no publication");
      expect(walkProblems(stored.snapshot)).toEqual([]);
    }
  });

  it("filters by type, theme and search, and pages with a cursor", async () => {
    const calculators = await list("?type=calculator&language=en");
    expect(calculators.results.every((entry) => entry.type === "calculator")).toBe(true);
    expect(calculators.results.length).toBeGreaterThan(0);
    const realEstate = await list("?theme=real_estate&language=ru");
    expect(realEstate.results.map((entry) => entry.title)).toContain(
      "Подбор недвижимости: анкета покупателя",
    );
    const search = await list(`?search=${encodeURIComponent("РЕМОНТ")}&language=ru`);
    expect(search.results.map((entry) => entry.title)).toEqual(["Калькулятор стоимости ремонта"]);
    const none = await list("?search=%25%25nothing_like_this");
    expect(none).toEqual({ next: null, results: [] });

    const all = await list("");
    const [first, second] = all.results;
    const cursor = `${first?.id === undefined ? 0 : 10}-${first?.id}`;
    const after = await list(`?cursor=${cursor}`);
    expect(after.results[0]?.id).toBe(second?.id);
  });

  it("refuses bad filters with a 400 and needs an account", async () => {
    const bad = await apiCall(t, "GET", "/quiz-templates/?type=horoscope&cursor=x", {
      user: owner,
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(expect.arrayContaining(["type", "cursor"]));
    expect((await apiCall(t, "GET", "/quiz-templates/")).statusCode).toBe(401);
  });

  it("titles the types and themes in the account's language", async () => {
    const types = await expectCall<{ id: string; title: string }[]>(
      t,
      200,
      "GET",
      "/quiztemplatetype/",
      { user: owner },
    );
    expect(types).toContainEqual({ id: "calculator", title: "Калькулятор" });
    expect(types).toHaveLength(5);
    const english = await registerUser(t, { language: "en" });
    const themes = await expectCall<{ id: string; title: string }[]>(
      t,
      200,
      "GET",
      "/quiztemplatetheme/",
      { user: english },
    );
    expect(themes).toContainEqual({ id: "real_estate", title: "Real estate" });
    expect(themes).toHaveLength(11);
  });

  it("copies a template deeply into the owner's project, unpublished", async () => {
    const [template] = (await list("?language=ru&type=calculator")).results;
    if (!template) throw new Error("no template");
    const copy = await expectCall<Quiz>(t, 201, "POST", "/copy-template/", {
      user: owner,
      body: { template: template.id, project },
    });
    expect(copy).toMatchObject({ project, title: template.title, is_published: false });
    const copied = await expectCall<unknown[]>(t, 200, "GET", `/quiz/${copy.id}/question_list/`, {
      user: owner,
    });
    expect(copied).toHaveLength(template.question_count);
    const [stored] = await t.database.db.select().from(quizzes).where(eq(quizzes.id, copy.id));
    expect(stored?.userId).toBe(owner.id);
  });

  it("answers 404 for another's project or a quiz that is not a template, 400 for a bad body", async () => {
    const [template] = (await list("?language=en")).results;
    if (!template) throw new Error("no template");
    const stranger = await registerUser(t);
    const before = await t.database.db.select({ n: count() }).from(quizzes);
    await expectCall(t, 404, "POST", "/copy-template/", {
      user: stranger,
      body: { template: template.id, project },
    });
    const own = await expectCall<{ id: number }>(t, 201, "POST", "/quiz/", {
      user: owner,
      body: { project },
    });
    await expectCall(t, 404, "POST", "/copy-template/", {
      user: owner,
      body: { template: own.id, project },
    });
    const bad = await apiCall(t, "POST", "/copy-template/", {
      user: owner,
      body: { template: "x", project: 0 },
    });
    expect(bad.statusCode).toBe(400);
    const after = await t.database.db.select({ n: count() }).from(quizzes);
    expect(after[0]?.n).toBe((before[0]?.n ?? 0) + 1);
  });

  it("seeds idempotently; a changed file updates its template in place", async () => {
    const log = t.app.log;
    const storage = createStorage(t.config);
    const ctx = { db: t.database.db, config: t.config, log };
    const templatesBefore = await t.database.db.select().from(quizTemplates);
    const again = await seedTemplates(ctx, storage);
    expect(again).toMatchObject({ created: 0, updated: 0, removed: 0 });
    expect(await t.database.db.select().from(quizTemplates)).toEqual(templatesBefore);

    const dir = mkdtempSync(path.join(tmpdir(), "leadquiz-templates-"));
    try {
      cpSync(DATA_DIR, dir, { recursive: true });
      const file = path.join(dir, "renovation-cost.json");
      const json = JSON.parse(readFileSync(file, "utf8"));
      json.title.en = "Renovation price calculator";
      json.questions.pop();
      writeFileSync(file, JSON.stringify(json));
      rmSync(path.join(dir, "real-estate-buyer.json"));
      const changed = await seedTemplates(ctx, storage, { dir });
      expect(changed).toMatchObject({ created: 0, updated: 1, removed: 1 });
      const renovationEn = templatesBefore.find(
        (row) => row.slug === "renovation-cost" && row.language === "en",
      );
      const [quiz] = await t.database.db
        .select()
        .from(quizzes)
        .where(eq(quizzes.id, renovationEn?.quizId ?? 0));
      expect(quiz).toMatchObject({ title: "Renovation price calculator", isPublished: true });
      const [questionCount] = await t.database.db
        .select({ n: count() })
        .from(questions)
        .where(eq(questions.quizId, renovationEn?.quizId ?? 0));
      expect(questionCount?.n).toBe(7);
      const versions = await t.database.db
        .select({ version: quizPublications.version })
        .from(quizPublications)
        .where(eq(quizPublications.quizId, renovationEn?.quizId ?? 0));
      expect(versions.map((row) => row.version).sort()).toEqual([1, 2]);
      const en = await list("?language=en");
      expect(en.results.map((entry) => entry.title)).toContain("Renovation price calculator");
      expect(en.results.map((entry) => entry.title)).not.toContain(
        "Find your home: buyer questionnaire",
      );
    } finally {
      // Back to the repository's catalogue for the other tests.
      await seedTemplates(ctx, storage);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("lets the operator turn any quiz into a template", async () => {
    const quiz = await expectCall<{ id: number }>(t, 201, "POST", "/quiz/", {
      user: owner,
      body: { project, title: "Опрос гостей" },
    });
    const body = { quiz: quiz.id, type: "survey", theme: "events", description: "Гости" };
    const refused = await apiCall(t, "POST", "/operator/templates/", { body });
    expect(refused.statusCode).toBe(403);
    const made = await t.app.inject({
      method: "POST",
      url: "/api/v1/operator/templates/",
      headers: { "x-operator-key": readOrCreateOperatorKey(t.config.dataDir) },
      payload: body,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ slug: `quiz-${quiz.id}`, language: "ru" });
    const surveys = await list("?type=survey&theme=events");
    expect(surveys.results.map((entry) => entry.title)).toEqual(["Опрос гостей"]);
    expect(surveys.results[0]?.id).not.toBe(quiz.id);
  });

  it("answers a template's visitors as usual and stores none of their calls", async () => {
    // A quiz of the owner's, published, and the operator's template made from it: the same
    // content, so the same visitor calls fit both.
    const own = await createPublishableQuiz(t, owner);
    await publish(t, owner, own.quiz);
    const made = await t.app.inject({
      method: "POST",
      url: "/api/v1/operator/templates/",
      headers: { "x-operator-key": readOrCreateOperatorKey(t.config.dataDir) },
      payload: { quiz: own.quiz, type: "survey", theme: "events", slug: "guest-survey" },
    });
    expect(made.statusCode, made.body).toBe(201);
    const [template] = await t.database.db
      .select({ id: quizzes.id, key: quizzes.publicKey })
      .from(quizTemplates)
      .innerJoin(quizzes, eq(quizzes.id, quizTemplates.quizId))
      .where(eq(quizTemplates.slug, "guest-survey"));
    if (!template) throw new Error("no template made");

    /** A visit: a session, two events, a partial lead, the lead; what each call answered. */
    async function visit(key: string) {
      const ip = freshIp();
      const post = (url: string, body: unknown) => apiCall(t, "POST", url, { body, ip });
      const session = await post("/client-sessions/", { quiz: key });
      expect(session.statusCode, session.body).toBe(201);
      const id = session.json<{ session: string }>().session;
      for (const type of ["view", "start"]) {
        const event = await post(`/public/quiz/${key}/events/`, { session: id, type });
        expect(event.statusCode, event.body).toBe(204);
      }
      const contacts = { name: "Olena", phone: "+380501234567" };
      const partial = await post(`/public/quiz/${key}/partial-lead/`, {
        session: id,
        answers: [],
        contacts,
        consent: true,
      });
      expect(partial.statusCode, partial.body).toBe(204);
      const lead = await post(`/public/quiz/${key}/lead/`, {
        submission_id: randomUUID(),
        session: id,
        answers: [],
        contacts,
        consent: true,
      });
      expect(lead.statusCode, lead.body).toBe(201);
      return lead.json<{ lead: number }>().lead;
    }
    const stored = async (quiz: number) => ({
      sessions: (
        await t.database.db.select().from(visitorSessions).where(eq(visitorSessions.quizId, quiz))
      ).length,
      events: (await t.database.db.select().from(quizEvents).where(eq(quizEvents.quizId, quiz)))
        .length,
      leads: (await t.database.db.select().from(leads).where(eq(leads.quizId, quiz))).length,
    });

    // The owner's quiz keeps what its visitor sent; the template answers alike, keeps nothing.
    expect(await visit(own.publicKey)).toBeGreaterThan(0);
    expect(await stored(own.quiz)).toEqual({ sessions: 1, events: 2, leads: 1 });
    expect(await visit(template.key)).toBe(0);
    expect(await stored(template.id)).toEqual({ sessions: 0, events: 0, leads: 0 });
  });
});
