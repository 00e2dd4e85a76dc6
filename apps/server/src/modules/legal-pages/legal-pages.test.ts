import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { legalTexts } from "@leadquiz/i18n";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test-support/test-app";

describe("legal pages (default texts)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  for (const language of ["en", "ru", "uk"] as const) {
    it(`serves the privacy policy and the terms in ${language}`, async () => {
      for (const [page, url] of [
        ["privacy", `/${language}/u/privacy_policy_page/`],
        ["terms", `/${language}/u/terms_page/`],
      ] as const) {
        const response = await t.app.inject({ method: "GET", url });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers["content-type"]).toMatch(/^text\/html/);
        const title = legalTexts[language][page].title;
        expect(response.body).toContain(`<html lang="${language}">`);
        expect(response.body).toContain(`<title>${title}</title>`);
        expect(response.body).toContain(`<h1>${title}</h1>`);
      }
    });
  }

  it("answers 404 for a language without texts", async () => {
    const response = await t.app.inject({ method: "GET", url: "/de/u/privacy_policy_page/" });
    expect(response.statusCode).toBe(404);
  });
});

describe("legal pages (LEGAL_PAGES_DIR)", () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "legal-"));
    await writeFile(
      path.join(dir, "privacy.ru.html"),
      "<h1>Политика ООО «Ромашка»</h1><p>Наш текст.</p>",
    );
    t = await createTestApp({ LEGAL_PAGES_DIR: dir });
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("serves the operator's file in place of the default text", async () => {
    const response = await t.app.inject({ method: "GET", url: "/ru/u/privacy_policy_page/" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<h1>Политика ООО «Ромашка»</h1><p>Наш текст.</p>");
    expect(response.body).not.toContain(legalTexts.ru.privacy.sections[0]?.heading);
  });

  it("keeps the default text where the operator has no file", async () => {
    const response = await t.app.inject({ method: "GET", url: "/ru/u/terms_page/" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<h1>${legalTexts.ru.terms.title}</h1>`);
  });
});
