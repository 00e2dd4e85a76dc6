import path from "node:path";
import {
  PORTFOLIO_MAX_ITEMS,
  type PortfolioItem,
  type Profile,
  type PublicProfile,
} from "@leadquiz/contract";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads, portfolioItems, specialistProfiles, storedFiles, users } from "../../db/schema";
import { PROFILE_RATING_CRON, PROFILE_RATING_QUEUE } from "../../jobs/queue";
import { apiCall, expectCall, registerUser, type TestUser } from "../../test-support/api-client";
import { apiPaths } from "../../test-support/api-paths";
import {
  createLeadsHarness,
  houseLead,
  type LeadsHarness,
} from "../../test-support/leads-fixtures";
import {
  type FilePart,
  filesBelow,
  generatedStream,
  multipartBody,
  type TextPart,
} from "../../test-support/media-fixtures";
import { listenAsOwnerApp, TEST_VISITOR_URL, VISITOR_HOST } from "../../test-support/test-app";
import { createProfilesService } from "./profiles.service";

let h: LeadsHarness;
const db = () => h.t.database.db;
const uploadsDir = () => path.join(h.t.dataDir, "uploads");

beforeAll(async () => {
  h = await createLeadsHarness({ RATE_LIMIT_ENABLED: "false" });
});
afterAll(async () => h.close());

async function png(width = 32, height = 32): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } },
  })
    .png()
    .toBuffer();
}
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/** Text parts from an object of field values. */
function texts(fields: Record<string, string>): TextPart[] {
  return Object.entries(fields).map(([name, value]) => ({ name, value }));
}

/** A multipart call below /api/v1 as `user`. */
function send(
  method: "PATCH" | "POST",
  url: string,
  user: TestUser,
  parts: (FilePart | TextPart)[],
  language = "en",
) {
  const { payload, contentType } = multipartBody(parts);
  return h.t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: {
      authorization: `Bearer ${user.token}`,
      "content-type": contentType,
      "accept-language": language,
    },
    payload,
  });
}

async function filesOf(userId: number) {
  return db().select().from(storedFiles).where(eq(storedFiles.userId, userId));
}

describe("the specialist profile", () => {
  it("is made from the account on the first read, private, with a slug from the name", async () => {
    const user = await registerUser(h.t);
    await db()
      .update(users)
      .set({ firstName: "Олена", lastName: "Коваленко" })
      .where(eq(users.id, user.id));
    const profile = await expectCall<Profile>(h.t, 200, "GET", apiPaths.profile, { user });
    const [account] = await db().select().from(users).where(eq(users.id, user.id));
    expect(profile).toMatchObject({
      first_name: "Олена",
      last_name: "Коваленко",
      email: account?.email,
      country: null,
      languages: [],
      avatar: null,
      certificate: null,
      is_public: false,
      slug: "olena-kovalenko",
    });
    // A second reader of the same name gets the next free slug.
    const namesake = await registerUser(h.t);
    await db()
      .update(users)
      .set({ firstName: "Olena", lastName: "Kovalenko" })
      .where(eq(users.id, namesake.id));
    const second = await expectCall<Profile>(h.t, 200, "GET", apiPaths.profile, {
      user: namesake,
    });
    expect(second.slug).toBe("olena-kovalenko-2");
    // No usable name: the account's own family of slugs.
    const nameless = await registerUser(h.t);
    const third = await expectCall<Profile>(h.t, 200, "GET", apiPaths.profile, { user: nameless });
    expect(third.slug).toBe(`specialist-${nameless.id}`);
  });

  it("saves the fields, keeps HTML as plain text, and refuses bad input storing nothing", async () => {
    const user = await registerUser(h.t);
    const saved = await expectCall<Profile>(h.t, 200, "PATCH", apiPaths.profile, {
      user,
      body: {
        first_name: " Anna ",
        last_name: "<b>Smith</b>",
        country: "ua",
        city: "Kyiv",
        speciality: "Quiz marketer <script>alert(1)</script>",
        experience_years: 7,
        languages: ["uk", "EN"],
      },
    });
    expect(saved).toMatchObject({
      first_name: "Anna",
      last_name: "<b>Smith</b>",
      country: "UA",
      city: "Kyiv",
      speciality: "Quiz marketer <script>alert(1)</script>",
      experience_years: 7,
      languages: ["uk", "en"],
    });

    const cases: [Record<string, unknown>, string, string][] = [
      [{ country: "XX" }, "country", "Invalid value"],
      [{ experience_years: 71 }, "experience_years", ""],
      [{ experience_years: 2.5 }, "experience_years", ""],
      [{ languages: ["en", "en"] }, "languages", "Invalid value"],
      [{ languages: ["xx"] }, "languages.0", "Invalid value"],
      [{ first_name: "x".repeat(151) }, "first_name", "The value is too long"],
      [{ email: "not-an-address" }, "email", "Invalid email"],
      [{ avatar: "/media/ab/cd.png" }, "avatar", ""],
    ];
    for (const [body, field, message] of cases) {
      const response = await apiCall(h.t, "PATCH", apiPaths.profile, {
        user,
        body: { ...body, city: "Lviv" },
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      const errors = response.json() as Record<string, string[]>;
      expect(Object.keys(errors), JSON.stringify(errors)).toContain(field);
      if (message) expect(errors[field]).toEqual([message]);
    }
    const after = await expectCall<Profile>(h.t, 200, "GET", apiPaths.profile, { user });
    expect(after).toEqual(saved);
  });

  it("takes an avatar and a PDF certificate; a 20 MB avatar or a PDF avatar is refused with nothing stored", async () => {
    const user = await registerUser(h.t);
    const image = await png(400, 300);
    const uploaded = await send("PATCH", apiPaths.profile, user, [
      { name: "city", value: "Odesa" },
      { name: "languages", value: '["uk","ru"]' },
      { name: "avatar", filename: "me.png", contentType: "image/png", data: image },
      { name: "certificate", filename: "cert.pdf", contentType: "application/pdf", data: PDF },
    ]);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const profile = uploaded.json() as Profile;
    expect(profile.city).toBe("Odesa");
    expect(profile.languages).toEqual(["uk", "ru"]);
    expect(profile.avatar).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{32}\.png$/);
    expect(profile.certificate).toMatch(/^\/media\/[0-9a-f]{2}\/[0-9a-f]{32}\.pdf$/);
    const avatar = await apiCall(h.t, "GET", profile.avatar ?? "");
    expect(avatar.statusCode).toBe(200);
    expect(avatar.headers["content-type"]).toBe("image/png");
    const certificate = await apiCall(h.t, "GET", profile.certificate ?? "");
    expect(certificate.statusCode).toBe(200);
    expect(certificate.headers["content-type"]).toBe("application/pdf");
    expect(certificate.headers["content-disposition"]).toBe("attachment");
    expect((await filesOf(user.id)).map((file) => file.entity)).toEqual(["profile", "profile"]);

    const filesBefore = filesBelow(uploadsDir()).length;
    const big = await send("PATCH", apiPaths.profile, user, [
      { name: "city", value: "Kharkiv" },
      {
        name: "avatar",
        filename: "huge.png",
        contentType: "image/png",
        data: generatedStream(image, 20 * 1024 * 1024),
      },
    ]);
    expect(big.statusCode).toBe(400);
    expect(big.json()).toEqual({ avatar: ["maximum 5 MB"] });

    const pdfAvatar = await send(
      "PATCH",
      apiPaths.profile,
      user,
      [{ name: "avatar", filename: "me.pdf", contentType: "application/pdf", data: PDF }],
      "ru",
    );
    expect(pdfAvatar.statusCode).toBe(400);
    expect(pdfAvatar.json()).toEqual({
      avatar: ["Загрузите изображение: JPEG, PNG, WebP, GIF или AVIF"],
    });

    // A good avatar with a bad text field: the file is not kept either.
    const badText = await send("PATCH", apiPaths.profile, user, [
      { name: "experience_years", value: "500" },
      { name: "avatar", filename: "me.png", contentType: "image/png", data: image },
    ]);
    expect(badText.statusCode).toBe(400);
    expect(Object.keys(badText.json())).toEqual(["experience_years"]);

    expect(filesBelow(uploadsDir()).length).toBe(filesBefore);
    expect(await filesOf(user.id)).toHaveLength(2);
    expect(await expectCall<Profile>(h.t, 200, "GET", apiPaths.profile, { user })).toEqual(profile);

    const cleared = await expectCall<Profile>(h.t, 200, "PATCH", apiPaths.profile, {
      user,
      body: { avatar: null },
    });
    expect(cleared.avatar).toBeNull();
    expect(cleared.certificate).toBe(profile.certificate);
  });

  it("answers a browser's 20 MB avatar over real HTTP (the rest of the body is read and dropped)", async () => {
    const user = await registerUser(h.t);
    const address = await listenAsOwnerApp(h.t.app);
    const form = new FormData();
    form.set("city", "Lutsk");
    const big = Buffer.concat([await png(), Buffer.alloc(20 * 1024 * 1024)]);
    form.set("avatar", new Blob([big], { type: "image/png" }), "big.png");
    const response = await fetch(`${address}/api/v1${apiPaths.profile}`, {
      method: "PATCH",
      headers: { authorization: `Bearer ${user.token}`, "accept-language": "uk" },
      body: form,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ avatar: ["максимум 5 МБ"] });
    const profile = await expectCall<Profile>(h.t, 200, "GET", apiPaths.profile, { user });
    expect(profile).toMatchObject({ city: "", avatar: null });
    expect(await filesOf(user.id)).toEqual([]);
  });

  it("gives namesakes saving at the same moment distinct slugs", async () => {
    const namesakes = await Promise.all([1, 2, 3, 4].map(() => registerUser(h.t)));
    await Promise.all(
      namesakes.map((user) => expectCall(h.t, 200, "GET", apiPaths.profile, { user })),
    );
    const saved = await Promise.all(
      namesakes.map((user) =>
        expectCall<Profile>(h.t, 200, "PATCH", apiPaths.profile, {
          user,
          body: { first_name: "Same", last_name: "Name" },
        }),
      ),
    );
    expect(saved.map((profile) => profile.slug).sort()).toEqual([
      "same-name",
      "same-name-2",
      "same-name-3",
      "same-name-4",
    ]);
  });

  it("keeps the slug following the name until the profile is public, then freezes it", async () => {
    const user = await registerUser(h.t);
    const named = await expectCall<Profile>(h.t, 200, "PATCH", apiPaths.profile, {
      user,
      body: { first_name: "Ivan", last_name: "Petrenko-Zoryanyi" },
    });
    expect(named.slug).toBe("ivan-petrenko-zoryanyi");
    const published = await expectCall<Profile>(h.t, 200, "PATCH", apiPaths.profile, {
      user,
      body: { first_name: "Ivan", last_name: "Petrenko", is_public: true },
    });
    expect(published.slug).toBe("ivan-petrenko");
    const renamed = await expectCall<Profile>(h.t, 200, "PATCH", apiPaths.profile, {
      user,
      body: { first_name: "John", is_public: false },
    });
    expect(renamed.slug).toBe("ivan-petrenko");
  });
});

describe("the portfolio", () => {
  it("adds, lists, changes and deletes items with image or PDF files", async () => {
    const user = await registerUser(h.t);
    const withImage = await send("POST", apiPaths.portfolio, user, [
      { name: "name", value: "Kitchen calculator" },
      { name: "work_done", value: "7 questions, <i>discount</i> at the end" },
      { name: "results", value: "120 leads" },
      { name: "file", filename: "shot.png", contentType: "image/png", data: await png() },
    ]);
    expect(withImage.statusCode, withImage.body).toBe(201);
    const first = withImage.json() as PortfolioItem;
    expect(first).toMatchObject({
      name: "Kitchen calculator",
      work_done: "7 questions, <i>discount</i> at the end",
      results: "120 leads",
      file_kind: "image",
    });
    const withPdf = await send("POST", apiPaths.portfolio, user, [
      { name: "name", value: "Case study" },
      { name: "file", filename: "case.pdf", contentType: "application/pdf", data: PDF },
    ]);
    expect(withPdf.statusCode, withPdf.body).toBe(201);
    const second = withPdf.json() as PortfolioItem;
    expect(second).toMatchObject({ file_kind: "pdf", work_done: "", results: "" });
    const plain = await expectCall<PortfolioItem>(h.t, 201, "POST", apiPaths.portfolio, {
      user,
      body: { name: "No file" },
    });
    expect(plain.file).toBeNull();

    const list = await expectCall<PortfolioItem[]>(h.t, 200, "GET", apiPaths.portfolio, { user });
    expect(list.map((item) => item.id)).toEqual([first.id, second.id, plain.id]);

    const changed = await expectCall<PortfolioItem>(
      h.t,
      200,
      "PATCH",
      apiPaths.portfolioById(first.id),
      { user, body: { results: "150 leads", file: null } },
    );
    expect(changed).toMatchObject({ name: "Kitchen calculator", results: "150 leads", file: null });
    const refiled = await send("PATCH", apiPaths.portfolioById(plain.id), user, [
      { name: "file", filename: "a.png", contentType: "image/png", data: await png() },
    ]);
    expect(refiled.statusCode, refiled.body).toBe(200);
    expect(refiled.json()).toMatchObject({ name: "No file", file_kind: "image" });

    await expectCall(h.t, 204, "DELETE", apiPaths.portfolioById(second.id), { user });
    const after = await expectCall<PortfolioItem[]>(h.t, 200, "GET", apiPaths.portfolio, { user });
    expect(after.map((item) => item.id)).toEqual([first.id, plain.id]);
  });

  it("refuses a forbidden file type or a missing name, storing nothing", async () => {
    const user = await registerUser(h.t);
    const filesBefore = filesBelow(uploadsDir()).length;
    const forbidden: FilePart[] = [
      {
        name: "file",
        filename: "setup.exe",
        contentType: "application/octet-stream",
        data: Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00"), Buffer.alloc(5000)]),
      },
      {
        name: "file",
        filename: "page.html",
        contentType: "text/html",
        data: Buffer.from("<!doctype html><script>alert(document.cookie)</script>"),
      },
      {
        name: "file",
        filename: "logo.svg",
        contentType: "image/svg+xml",
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      },
    ];
    for (const part of forbidden) {
      const response = await send("POST", apiPaths.portfolio, user, [
        { name: "name", value: "Bad file" },
        part,
      ]);
      expect(response.statusCode, part.filename).toBe(400);
      expect(response.json()).toEqual({
        file: ["Upload an image (JPEG, PNG, WebP, GIF, AVIF) or a PDF"],
      });
    }
    const noName = await send("POST", apiPaths.portfolio, user, [
      { name: "name", value: "   " },
      { name: "file", filename: "a.png", contentType: "image/png", data: await png() },
    ]);
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toEqual({ name: ["Required field"] });
    const wrongPart = await send("POST", apiPaths.portfolio, user, [
      { name: "name", value: "x" },
      { name: "avatar", filename: "a.png", contentType: "image/png", data: await png() },
    ]);
    expect(wrongPart.statusCode).toBe(400);

    expect(filesBelow(uploadsDir()).length).toBe(filesBefore);
    expect(await filesOf(user.id)).toEqual([]);
    expect(await expectCall(h.t, 200, "GET", apiPaths.portfolio, { user })).toEqual([]);
  });

  it("holds at most 30 items", async () => {
    const user = await registerUser(h.t);
    const profile = await createProfilesService({ db: db() }).ensureProfile(user.id);
    await db()
      .insert(portfolioItems)
      .values(
        Array.from({ length: PORTFOLIO_MAX_ITEMS }, (_, index) => ({
          profileId: profile.id,
          userId: user.id,
          name: `Item ${index + 1}`,
        })),
      );
    const response = await apiCall(h.t, "POST", apiPaths.portfolio, {
      user,
      body: { name: "One too many" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      non_field_errors: ["A portfolio holds at most 30 items: delete one to add another"],
    });
  });

  it("answers 404 for another account's item and changes nothing", async () => {
    const owner = await registerUser(h.t);
    const stranger = await registerUser(h.t);
    const item = await expectCall<PortfolioItem>(h.t, 201, "POST", apiPaths.portfolio, {
      user: owner,
      body: { name: "Mine" },
    });
    for (const method of ["PATCH", "DELETE"] as const) {
      const response = await apiCall(h.t, method, apiPaths.portfolioById(item.id), {
        user: stranger,
        body: method === "PATCH" ? { name: "Stolen" } : undefined,
      });
      expect(response.statusCode, method).toBe(404);
    }
    const upload = await send("PATCH", apiPaths.portfolioById(item.id), stranger, [
      { name: "file", filename: "a.png", contentType: "image/png", data: await png() },
    ]);
    expect(upload.statusCode).toBe(404);
    expect(await filesOf(stranger.id)).toEqual([]);
    const list = await expectCall<PortfolioItem[]>(h.t, 200, "GET", apiPaths.portfolio, {
      user: owner,
    });
    expect(list).toEqual([item]);
  });
});

describe("the public profile", () => {
  let owner: TestUser;
  let slug: string;

  beforeAll(async () => {
    owner = await registerUser(h.t);
    const image = await png(200, 200);
    const saved = await send("PATCH", apiPaths.profile, owner, [
      ...texts({
        first_name: "Maria",
        last_name: '<img src=x onerror="alert(1)">',
        email: "maria@example.com",
        country: "PL",
        city: "Kraków",
        speciality: "Quizzes & funnels",
        experience_years: "5",
        languages: '["pl","en"]',
        is_public: "true",
      }),
      { name: "avatar", filename: "me.png", contentType: "image/png", data: image },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    slug = (saved.json() as Profile).slug;
    await expectCall(h.t, 201, "POST", apiPaths.portfolio, {
      user: owner,
      body: { name: "Case <one>", work_done: "Line one\n<script>x</script>", results: "+40%" },
    });
  });

  it("is readable without an account through the API, without the e-mail", async () => {
    const profile = await expectCall<PublicProfile>(h.t, 200, "GET", apiPaths.publicProfile(slug));
    expect(profile).toMatchObject({
      slug,
      first_name: "Maria",
      country: "PL",
      city: "Kraków",
      languages: ["pl", "en"],
      portfolio: [{ name: "Case <one>" }],
    });
    expect(profile.position).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(profile)).not.toContain("maria@example.com");
  });

  it("is a server-rendered page with Open Graph tags and escaped texts", async () => {
    const response = await h.t.app.inject({
      method: "GET",
      url: `/u/${slug}`,
      headers: { host: VISITOR_HOST },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    const html = response.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain(
      '<meta property="og:title" content="Maria &lt;img src=x onerror=&quot;alert(1)&quot;&gt; — Quizzes &amp; funnels">',
    );
    expect(html).toContain(
      '<meta property="og:description" content="Quizzes &amp; funnels, Kraków, Poland. Specialist profile and portfolio on Leadquiz.">',
    );
    // Its addresses are on the visitor origin (docs/adr/0016-visitor-origin.md).
    expect(html).toMatch(
      new RegExp(
        `<meta property="og:image" content="${TEST_VISITOR_URL}/media/[0-9a-f]{2}/[0-9a-f]{32}\\.png">`,
      ),
    );
    expect(html).toContain(
      `<meta property="og:url" content="${TEST_VISITOR_URL}/u/maria-img-src-x`,
    );
    expect(html).toContain("Case &lt;one&gt;");
    expect(html).toContain("Line one\n&lt;script&gt;x&lt;/script&gt;");
    expect(html).toContain("5 years");
    expect(html).toContain("Polish, English");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("maria@example.com");
    expect(response.headers["content-security-policy"]).toContain("default-src 'none'");
  });

  it("speaks the visitor's language", async () => {
    const response = await h.t.app.inject({
      method: "GET",
      url: `/u/${slug}`,
      headers: { "accept-language": "ru-RU,ru;q=0.9", host: VISITOR_HOST },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<html lang="ru">');
    expect(response.body).toContain("Польша");
    expect(response.body).toContain("5 лет");
    expect(response.body).toContain("Портфолио");
  });

  it("is not readable once private, nor for an unknown slug", async () => {
    const user = await registerUser(h.t);
    const hidden = await expectCall<Profile>(h.t, 200, "PATCH", apiPaths.profile, {
      user,
      body: { first_name: "Hidden", last_name: "Person", is_public: true },
    });
    await expectCall(h.t, 200, "GET", apiPaths.publicProfile(hidden.slug));
    await expectCall(h.t, 200, "PATCH", apiPaths.profile, { user, body: { is_public: false } });
    for (const url of [`/u/${hidden.slug}`, "/u/nobody-here", "/u/Bad..Slug"]) {
      const page = await h.t.app.inject({
        method: "GET",
        url,
        headers: { "accept-language": "uk", host: VISITOR_HOST },
      });
      expect(page.statusCode, url).toBe(404);
      expect(page.body).toContain("Профіль не знайдено");
      expect(page.body).not.toContain("Hidden");
    }
    await expectCall(h.t, 404, "GET", apiPaths.publicProfile(hidden.slug));
    await expectCall(h.t, 404, "GET", apiPaths.publicProfile("nobody-here"));
  });
});

describe("the score and its daily job", () => {
  it("counts published quizzes and the leads of the last 90 days, recomputed by the job", async () => {
    const quiz = await h.publishedQuiz();
    const owner = quiz.owner;
    const initial = await expectCall<Profile>(h.t, 200, "GET", apiPaths.profile, { user: owner });
    // One published quiz: 30; nothing else filled in.
    expect(initial.score).toBe(30);
    const lead = await h.post(apiPaths.publicQuizLead(quiz.publicKey), houseLead());
    expect(lead.statusCode, lead.body).toBe(201);
    // Not recomputed until the job runs (or the owner saves).
    expect(
      (await expectCall<Profile>(h.t, 200, "GET", apiPaths.profile, { user: owner })).score,
    ).toBe(30);
    const run = await createProfilesService({ db: db() }).recomputeAll();
    expect(run.profiles).toBeGreaterThan(0);
    // 30 + floor(40 × log10(2)) = 30 + 12.
    expect(
      (await expectCall<Profile>(h.t, 200, "GET", apiPaths.profile, { user: owner })).score,
    ).toBe(42);

    await db()
      .update(leads)
      .set({ createdAt: new Date(Date.now() - 91 * 24 * 60 * 60 * 1000) })
      .where(eq(leads.quizId, quiz.id));
    await createProfilesService({ db: db() }).recomputeAll();
    expect(
      (await expectCall<Profile>(h.t, 200, "GET", apiPaths.profile, { user: owner })).score,
    ).toBe(30);
  });

  it("adds completeness, certificate, portfolio and experience on save", async () => {
    const user = await registerUser(h.t);
    await expectCall(h.t, 201, "POST", apiPaths.portfolio, { user, body: { name: "One" } });
    const saved = await send("PATCH", apiPaths.profile, user, [
      ...texts({
        first_name: "Full",
        last_name: "Profile",
        country: "UA",
        city: "Kyiv",
        speciality: "Marketer",
        experience_years: "30",
        languages: '["uk"]',
      }),
      { name: "avatar", filename: "a.png", contentType: "image/png", data: await png() },
      { name: "certificate", filename: "c.png", contentType: "image/png", data: await png() },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    // 7 × 20 completeness + 100 certificate + 20 portfolio + 20 × 5 experience (capped).
    expect((saved.json() as Profile).score).toBe(140 + 100 + 20 + 100);
  });

  it("is scheduled daily on the job queue", async () => {
    const result = await db().execute(
      sql`select cron, timezone from pgboss.schedule where name = ${PROFILE_RATING_QUEUE}`,
    );
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([
      { cron: PROFILE_RATING_CRON, timezone: "UTC" },
    ]);
  });
});

describe("the rating", () => {
  let viewer: TestUser;
  /** Profiles made behind the API's back, with chosen scores and creation times. */
  async function seed(
    rows: {
      name: string;
      score: number;
      country: string;
      city: string;
      createdAt: Date;
      isPublic?: boolean;
    }[],
  ): Promise<number[]> {
    const ids: number[] = [];
    for (const row of rows) {
      const [user] = await db()
        .insert(users)
        .values({
          email: `${row.name}@rating.test`,
          username: `${row.name}@rating.test`,
          referralCode: `r-${row.name}`,
        })
        .returning({ id: users.id });
      if (!user) throw new Error("user not inserted");
      await db()
        .insert(specialistProfiles)
        .values({
          userId: user.id,
          firstName: row.name,
          slug: row.name,
          country: row.country,
          city: row.city,
          score: row.score,
          createdAt: row.createdAt,
          isPublic: row.isPublic ?? true,
        });
      ids.push(user.id);
    }
    return ids;
  }

  beforeAll(async () => {
    viewer = await registerUser(h.t);
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    await seed([
      { name: "zz-c", score: 900, country: "IS", city: "Reykjavik", createdAt: day(3) },
      { name: "zz-a", score: 900, country: "IS", city: "reykjavik", createdAt: day(1) },
      { name: "zz-b", score: 900, country: "IS", city: "Akureyri", createdAt: day(1) },
      { name: "zz-d", score: 950, country: "IS", city: "Akureyri", createdAt: day(9) },
      {
        name: "zz-private",
        score: 999,
        country: "IS",
        city: "Reykjavik",
        createdAt: day(1),
        isPublic: false,
      },
      ...Array.from({ length: 22 }, (_, index) => ({
        name: `zz-li-${String(index).padStart(2, "0")}`,
        score: 100 + index,
        country: "LI",
        city: "Vaduz",
        createdAt: day(2),
      })),
    ]);
  });

  it("orders a country by score, then the earlier profile, then id; private profiles left out", async () => {
    const page = await expectCall<{
      count: number;
      results: { position: number; slug: string; score: number }[];
      next: string | null;
    }>(h.t, 200, "GET", `${apiPaths.rating}?scope=country&country=is`, { user: viewer });
    expect(page.count).toBe(4);
    expect(page.next).toBeNull();
    expect(page.results.map((entry) => [entry.position, entry.slug])).toEqual([
      [1, "zz-d"],
      [2, "zz-a"],
      [3, "zz-b"],
      [4, "zz-c"],
    ]);
  });

  it("filters a city case-insensitively", async () => {
    const page = await expectCall<{ results: { slug: string }[]; city: string }>(
      h.t,
      200,
      "GET",
      `${apiPaths.rating}?scope=city&country=IS&city=REYKJAVIK`,
      { user: viewer },
    );
    expect(page.results.map((entry) => entry.slug)).toEqual(["zz-a", "zz-c"]);
  });

  it("pages with the cursor", async () => {
    const first = await expectCall<{
      results: { position: number; slug: string }[];
      next: string | null;
    }>(h.t, 200, "GET", `${apiPaths.rating}?scope=country&country=LI`, { user: viewer });
    expect(first.results).toHaveLength(20);
    expect(first.results[0]).toMatchObject({ position: 1, slug: "zz-li-21" });
    expect(first.next).toBe("20");
    const second = await expectCall<{
      results: { position: number; slug: string }[];
      next: string | null;
    }>(h.t, 200, "GET", `${apiPaths.rating}?scope=country&country=LI&cursor=20`, { user: viewer });
    expect(second.results.map((entry) => [entry.position, entry.slug])).toEqual([
      [21, "zz-li-01"],
      [22, "zz-li-00"],
    ]);
    expect(second.next).toBeNull();
    // The cursor is an offset: any page can be opened directly.
    const middle = await expectCall<{ results: { position: number }[] }>(
      h.t,
      200,
      "GET",
      `${apiPaths.rating}?scope=country&country=LI&cursor=5`,
      { user: viewer },
    );
    expect(middle.results.map((entry) => entry.position)).toEqual(
      Array.from({ length: 17 }, (_, index) => index + 6),
    );
  });

  it("shows the caller's own position, with the country and city of their profile by default", async () => {
    const user = await registerUser(h.t);
    await expectCall(h.t, 200, "PATCH", apiPaths.profile, {
      user,
      body: { first_name: "Own", country: "IS", city: "Akureyri", speciality: "Quizzes" },
    });
    const privatePage = await expectCall<{ own: unknown }>(
      h.t,
      200,
      "GET",
      `${apiPaths.rating}?scope=country`,
      { user },
    );
    expect(privatePage.own).toBeNull();
    await expectCall(h.t, 200, "PATCH", apiPaths.profile, { user, body: { is_public: true } });
    const page = await expectCall<{
      country: string;
      city: string;
      own: { position: number; slug: string; speciality: string } | null;
      count: number;
    }>(h.t, 200, "GET", `${apiPaths.rating}?scope=city`, { user });
    expect(page).toMatchObject({ country: "IS", city: "Akureyri", count: 3 });
    expect(page.own).toMatchObject({ position: 3, slug: "own", speciality: "Quizzes" });
  });

  it("asks for a country or a city the scope needs", async () => {
    const user = await registerUser(h.t);
    const country = await apiCall(h.t, "GET", `${apiPaths.rating}?scope=country`, { user });
    expect(country.statusCode).toBe(400);
    expect(country.json()).toEqual({ country: ["Required field"] });
    const city = await apiCall(h.t, "GET", `${apiPaths.rating}?scope=city&country=UA`, { user });
    expect(city.statusCode).toBe(400);
    expect(city.json()).toEqual({ city: ["Required field"] });
    const bad = await apiCall(h.t, "GET", `${apiPaths.rating}?scope=galaxy`, { user });
    expect(bad.statusCode).toBe(400);
    const anonymous = await apiCall(h.t, "GET", apiPaths.rating);
    expect(anonymous.statusCode).toBe(401);
  });
});
