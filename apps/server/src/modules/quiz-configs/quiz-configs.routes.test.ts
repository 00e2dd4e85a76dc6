import { sql } from "drizzle-orm";
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

async function createConfig(quiz: number, body: Record<string, unknown> = {}, user = owner) {
  const response = await call("POST", "/config/quiz/", { quiz, ...body }, user);
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

describe("quiz config", () => {
  it("answers 404 while a quiz has none, then creates one per quiz", async () => {
    const quiz = await insertQuiz(t, owner);
    const missing = await call("GET", `/config/quiz/${quiz}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe("not_found");
    const before = await draftVersion(t, quiz);
    const config = await createConfig(quiz, {
      display_mode: "button",
      popup: { enabled: true, open: "auto", delay_seconds: 5 },
    });
    expect(config).toEqual({
      id: config.id,
      quiz,
      display_mode: "button",
      icon_kind: 1,
      media: null,
      image: null,
      trigger: {},
      banner: {},
      popup: { enabled: true, open: "auto", delay_seconds: 5 },
      landing: { subdomain: null },
      body: {},
      chat: {},
    });
    expect(await draftVersion(t, quiz)).toBe(before + 1);
    // GET adds the embed snippets (tested in public-pages.test.ts).
    expect((await call("GET", `/config/quiz/${quiz}/`)).json()).toEqual({
      ...config,
      embed: expect.any(Object),
    });
    const second = await call("POST", "/config/quiz/", { quiz }, owner, "uk");
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ quiz: ["Цей квіз уже має налаштування публікації"] });
  });

  it("merges sections on PATCH and re-checks them", async () => {
    const quiz = await insertQuiz(t, owner);
    const config = await createConfig(quiz, {
      banner: { enabled: true, text: "Пройдіть тест", background: "#ffffff" },
    });
    const patched = await call("PATCH", `/config/quiz/${config.id}/`, {
      icon_kind: 3,
      banner: { text: null, text_color: "#000" },
      chat: { position: "left", button_text: "Чат" },
      landing: { company_name: "ТОВ Ромашка", site_url: "https://example.com" },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      icon_kind: 3,
      banner: { enabled: true, background: "#ffffff", text_color: "#000" },
      chat: { position: "left", button_text: "Чат" },
      landing: { company_name: "ТОВ Ромашка", site_url: "https://example.com", subdomain: null },
    });
    expect(patched.json().banner).not.toHaveProperty("text");
    const bad = await call("PATCH", `/config/quiz/${config.id}/`, {
      popup: { delay_seconds: -1 },
      chat: { button_color: "red; background: url(x)" },
      display_mode: "sideways",
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json()).sort()).toEqual([
      "chat.button_color",
      "display_mode",
      "popup.delay_seconds",
    ]);
  });

  it("accepts only YouTube links for the trigger video", async () => {
    const quiz = await insertQuiz(t, owner);
    const config = await createConfig(quiz);
    const vimeo = await call("PATCH", `/config/quiz/${config.id}/`, {
      trigger: { video_url: "https://vimeo.com/123456" },
    });
    expect(vimeo.statusCode).toBe(400);
    expect(vimeo.json()).toEqual({ "trigger.video_url": ["Invalid YouTube URL"] });
    const youtube = await call("PATCH", `/config/quiz/${config.id}/`, {
      trigger: { video_url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ" },
    });
    expect(youtube.statusCode, youtube.body).toBe(200);
    expect(youtube.json().trigger.video_url).toBe("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
  });

  it("checks the subdomain's format and keeps it unique across the service", async () => {
    const quiz = await insertQuiz(t, owner);
    const config = await createConfig(quiz);
    const badFormat = await call(
      "PATCH",
      `/config/quiz/${config.id}/`,
      { landing: { subdomain: "-ab" } },
      owner,
      "ru",
    );
    expect(badFormat.statusCode).toBe(400);
    expect(Object.keys(badFormat.json())).toEqual(["landing.subdomain"]);

    const claimed = await call("PATCH", `/config/quiz/${config.id}/`, {
      landing: { subdomain: "my-quiz", enabled: true },
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().landing).toEqual({ enabled: true, subdomain: "my-quiz" });
    // Saving the same subdomain again is not a clash with itself.
    const again = await call("PATCH", `/config/quiz/${config.id}/`, {
      landing: { subdomain: "my-quiz" },
    });
    expect(again.statusCode).toBe(200);

    const otherQuiz = await insertQuiz(t, stranger);
    const other = await createConfig(otherQuiz, {}, stranger);
    for (const [language, text] of [
      ["en", "This subdomain is taken"],
      ["ru", "Этот поддомен уже занят"],
      ["uk", "Цей піддомен уже зайнятий"],
    ] as const) {
      const taken = await call(
        "PATCH",
        `/config/quiz/${other.id}/`,
        { landing: { subdomain: "my-quiz", about: "x" } },
        stranger,
        language,
      );
      expect(taken.statusCode).toBe(400);
      expect(taken.json()).toEqual({ "landing.subdomain": [text] });
    }
    expect(
      (await call("GET", `/config/quiz/${otherQuiz}`, undefined, stranger)).json().landing,
    ).toEqual({ subdomain: null });
    const onCreate = await call("POST", "/config/quiz/", {
      quiz: await insertQuiz(t, owner),
      landing: { subdomain: "my-quiz" },
    });
    expect(onCreate.statusCode).toBe(400);
    expect(onCreate.json()).toEqual({ "landing.subdomain": ["This subdomain is taken"] });

    // Released with null, then free for someone else.
    const released = await call("PATCH", `/config/quiz/${config.id}/`, {
      landing: { subdomain: null },
    });
    expect(released.json().landing).toEqual({ enabled: true, subdomain: null });
    const reclaimed = await call(
      "PATCH",
      `/config/quiz/${other.id}/`,
      { landing: { subdomain: "my-quiz" } },
      stranger,
    );
    expect(reclaimed.statusCode).toBe(200);
  });

  it("treats subdomains that differ only in case as the same", async () => {
    const quiz = await insertQuiz(t, owner);
    const config = await createConfig(quiz, { landing: { subdomain: "case-test" } });
    // Stored in lower case by the rule; an upper-case row (older data) still blocks.
    await t.database.db.execute(
      sql`update quiz_configs set subdomain = 'CASE-TEST' where id = ${config.id}`,
    );
    const other = await createConfig(await insertQuiz(t, owner));
    const taken = await call("PATCH", `/config/quiz/${other.id}/`, {
      landing: { subdomain: "case-test" },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ "landing.subdomain": ["This subdomain is taken"] });
  });

  it("answers 404 to another account on every route", async () => {
    const quiz = await insertQuiz(t, owner);
    const strangerQuiz = await insertQuiz(t, stranger);
    const config = await createConfig(quiz);
    const attempts = [
      await call("GET", `/config/quiz/${quiz}`, undefined, stranger),
      await call("POST", "/config/quiz/", { quiz }, stranger),
      await call("PATCH", `/config/quiz/${config.id}/`, { icon_kind: 2 }, stranger),
      await call("GET", `/config/quiz/${strangerQuiz}`),
    ];
    for (const response of attempts) expect(response.statusCode, response.body).toBe(404);
    expect((await call("GET", `/config/quiz/${quiz}`)).json()).toEqual({
      ...config,
      embed: expect.any(Object),
    });
  });
});

describe("reserved landing subdomains", () => {
  let hosted: TestAppWithDatabase;
  let hostOwner: TestUser;
  beforeAll(async () => {
    // The product at builder.example.net, its visitor pages at forms.example-quiz.org,
    // landings at {subdomain}.quizzes.example.net.
    hosted = await createTestAppWithDatabase({
      RATE_LIMIT_ENABLED: "false",
      PUBLIC_URL: "https://builder.example.net",
      VISITOR_URL: "https://forms.example-quiz.org",
      LANDING_HOST: "quizzes.example.net:8443",
    });
    hostOwner = await registerUser(hosted);
  });
  afterAll(async () => hosted?.close());
  const hostedCall = callerAs(
    () => hosted,
    () => hostOwner,
  );
  const refusal = {
    en: "This subdomain is reserved; choose another",
    ru: "Этот поддомен зарезервирован, выберите другой",
    uk: "Цей піддомен зарезервовано, оберіть інший",
  } as const;

  it("refuses the operator's names and the product's own hosts' labels with a translated 400", async () => {
    const quiz = await insertQuiz(hosted, hostOwner);
    const created = await hostedCall("POST", "/config/quiz/", { quiz });
    expect(created.statusCode, created.body).toBe(201);
    const config = created.json();
    const languages = ["en", "ru", "uk"] as const;
    const names = [
      ...["admin", "mail", "localhost", "static", "assets", "support", "help", "status"],
      ...["billing", "docs", "autodiscover", "webmail", "builder", "forms", "quizzes"],
    ];
    for (const [index, subdomain] of names.entries()) {
      const language = languages[index % 3] ?? "en";
      const refused = await hostedCall(
        "PATCH",
        `/config/quiz/${config.id}/`,
        { landing: { subdomain } },
        hostOwner,
        language,
      );
      expect(refused.statusCode, subdomain).toBe(400);
      expect(refused.json(), subdomain).toEqual({ "landing.subdomain": [refusal[language]] });
    }
    // Shorter than the rule's 4 characters: refused by the rule itself, translated too.
    for (const subdomain of ["www", "api", "app", "cdn"]) {
      const refused = await hostedCall(
        "PATCH",
        `/config/quiz/${config.id}/`,
        { landing: { subdomain } },
        hostOwner,
        "uk",
      );
      expect(refused.statusCode, subdomain).toBe(400);
      expect(Object.keys(refused.json())).toEqual(["landing.subdomain"]);
    }
    // Nothing was stored; on create too; a name that only starts like one is free.
    const onCreate = await hostedCall("POST", "/config/quiz/", {
      quiz: await insertQuiz(hosted, hostOwner),
      landing: { subdomain: "admin" },
    });
    expect(onCreate.statusCode).toBe(400);
    expect(onCreate.json()).toEqual({ "landing.subdomain": [refusal.en] });
    const read = await hostedCall("GET", `/config/quiz/${quiz}`);
    expect(read.json().landing.subdomain).toBeNull();
    const free = await hostedCall("PATCH", `/config/quiz/${config.id}/`, {
      landing: { subdomain: "builder-pro" },
    });
    expect(free.statusCode, free.body).toBe(200);
  });

  it("reserves PUBLIC_URL's first label on a server at localhost too", async () => {
    const config = await createConfig(await insertQuiz(t, owner));
    const refused = await call("PATCH", `/config/quiz/${config.id}/`, {
      landing: { subdomain: "localhost" },
    });
    expect(refused.json()).toEqual({ "landing.subdomain": [refusal.en] });
    const builder = await call("PATCH", `/config/quiz/${config.id}/`, {
      landing: { subdomain: "builder" },
    });
    expect(builder.statusCode).toBe(200);
  });
});
