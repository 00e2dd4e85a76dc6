import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { LeadDetail, LeadListPage, LeadOpenResponse } from "@leadquiz/contract";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { branchingQuiz } from "../../../../runtime/src/test/fixtures";
import { apiCall, expectCall, type TestUser } from "../../test-support/api-client";
import { apiPaths } from "../../test-support/api-paths";
import {
  createLeadsHarness,
  houseLead,
  type LeadsHarness,
  type PublishedQuiz,
} from "../../test-support/leads-fixtures";
import { createPublishableQuiz, publish } from "../../test-support/publication-fixtures";
import { grantLeadRequests } from "../tariffs";
import { copyLines } from "./lead-export.repository";

/** The trial tariff's requests (migration 0009 seeds 10). */
const TRIAL_LEAD_REQUESTS = 10;

let h: LeadsHarness;
let quiz: PublishedQuiz;
let other: PublishedQuiz;

async function submit(target: PublishedQuiz, overrides: Parameters<typeof houseLead>[0] = {}) {
  const response = await h.post(apiPaths.publicQuizLead(target.publicKey), houseLead(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { lead: number }).lead;
}

function contacts(name: string, email: string, phone = "+380501234567") {
  return { name, email, phone, other: "", other2: "", messengers: { telegram: phone } };
}

const list = (user: TestUser, query = "") =>
  expectCall<LeadListPage>(h.t, 200, "GET", `${apiPaths.leadsList}${query}`, { user });
const open = (user: TestUser, lead: number) =>
  apiCall(h.t, "POST", apiPaths.leadOpen, { user, body: { lead } });

beforeAll(async () => {
  h = await createLeadsHarness();
  quiz = await h.publishedQuiz();
  other = await h.publishedQuiz();
});
afterAll(async () => {
  await h?.close();
});

describe("GET leadslist/", () => {
  it("lists the account's leads newest first with contacts masked, in keyset pages", async () => {
    const ids: number[] = [];
    for (const n of [1, 2, 3]) {
      ids.push(await submit(quiz, { contacts: contacts(`Олена ${n}`, `olena${n}@example.com`) }));
    }
    await submit(other);

    const first = await list(quiz.owner, "?limit=2");
    expect(first.results.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    expect(first.results[0]).toMatchObject({
      quiz: quiz.id,
      quiz_title: "Renovation",
      is_opened: false,
      name: "О***",
      email: "o***@example.com",
      phone: "+38 *** ** 67",
      messengers: { telegram: "+38 *** ** 67" },
      status: "new",
    });
    expect(first.requests_left).toBe(TRIAL_LEAD_REQUESTS);
    expect(first.next).not.toBeNull();
    const second = await list(quiz.owner, `?limit=2&cursor=${first.next}`);
    expect(second.results.map((r) => r.id)).toEqual([ids[0]]);
    expect(second.next).toBeNull();
  });

  it("tells the owner how long the server took (Server-Timing), and no one else", async () => {
    const signedIn = await apiCall(h.t, "GET", apiPaths.leadsList, { user: quiz.owner });
    const match = /^app;dur=(\d+\.\d{2})$/.exec(String(signedIn.headers["server-timing"]));
    expect(Number(match?.[1])).toBeGreaterThan(0);
    // Without a token, and on public calls such as a password reset, the server's own time
    // would help compare answers meant to look alike (docs/speed.md "Server-Timing").
    const anonymous = await h.t.app.inject({ method: "GET", url: `/api/v1${apiPaths.leadsList}` });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers["server-timing"]).toBeUndefined();
    const reset = await h.t.app.inject({
      method: "POST",
      url: `/api/v1${apiPaths.passwordReset}`,
      payload: { email: "nobody@example.com" },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.headers["server-timing"]).toBeUndefined();
  });

  it("never shows another account's leads; its project or quiz as a filter answers 404", async () => {
    const mine = await list(quiz.owner);
    expect(mine.results.every((r) => r.quiz === quiz.id)).toBe(true);
    expect((await list(quiz.owner, `?quiz=${quiz.id}`)).results.length).toBeGreaterThan(0);
    const [foreign] = await h.leadsOf(other.id);
    for (const query of [`?quiz=${other.id}`, `?project=${foreign?.projectId}`]) {
      const response = await apiCall(h.t, "GET", `${apiPaths.leadsList}${query}`, {
        user: quiz.owner,
      });
      expect(response.statusCode, query).toBe(404);
    }
  });

  it("filters by status, flag, UTM source, result and days; bad filters are a 400", async () => {
    const owner = (await h.publishedQuiz()).owner;
    const q = await h.publishedQuiz();
    const a = await submit(q, { utm: { utm_source: "facebook" } });
    const b = await submit(q, { contacts: contacts("Ivan", "ivan@mailinator.com") });
    // UTM source and result match opened leads only (see the masking test below).
    for (const lead of [a, b]) expect((await open(q.owner, lead)).statusCode).toBe(200);
    expect((await list(q.owner, "?utm_source=facebook")).results.map((r) => r.id)).toEqual([a]);
    const flagged = await list(q.owner, "?flag=disposable_email");
    expect(flagged.results.map((r) => r.email)).toEqual(["ivan@mailinator.com"]);
    expect(flagged.results[0]?.flags).toContain("disposable_email");
    await expectCall(h.t, 200, "PATCH", apiPaths.leadById(a), {
      user: q.owner,
      body: { status: "won", note: "Called back" },
    });
    expect((await list(q.owner, "?status=won")).results.map((r) => r.id)).toEqual([a]);
    expect((await list(q.owner, "?result=1")).results).toHaveLength(2);
    // (The fixture's snapshot ids are no result rows: 2, which no lead was shown, names
    // nothing of the account's, like another account's result: 404.)
    const unknown = await apiCall(h.t, "GET", `${apiPaths.leadsList}?result=2`, { user: q.owner });
    expect(unknown.statusCode).toBe(404);
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(q.owner, `?from=${today}&to=${today}`)).results).toHaveLength(2);
    expect((await list(q.owner, "?to=2020-01-01")).results).toHaveLength(0);
    expect((await list(owner)).results).toEqual([]);
    for (const bad of ["?limit=0", "?limit=101", "?from=yesterday", "?status=hot", "?cursor=x"]) {
      const response = await apiCall(h.t, "GET", `${apiPaths.leadsList}${bad}`, { user: q.owner });
      expect(response.statusCode, bad).toBe(400);
    }
  });

  it("never confirms a masked lead's hidden UTM source or result through a filter", async () => {
    const q = await h.publishedQuiz();
    const masked = await submit(q, { utm: { utm_source: "secret-campaign" } });
    const ids = async (query: string) => (await list(q.owner, query)).results.map((r) => r.id);
    // The lead is listed (masked), but a filter on what masking hides does not find it: the
    // right guess and a wrong one answer alike.
    expect(await ids("")).toEqual([masked]);
    for (const query of ["?utm_source=secret-campaign", "?utm_source=other-campaign"]) {
      expect(await ids(query), query).toEqual([]);
    }
    // The fixture's snapshot result ids are no result rows of the account: a result id is
    // then known only from opened leads, so the shown one and another answer alike.
    const status = async (query: string) =>
      (await apiCall(h.t, "GET", `${apiPaths.leadsList}${query}`, { user: q.owner })).statusCode;
    for (const query of ["?result=1", "?result=2", "?utm_source=secret-campaign&result=1"]) {
      expect(await status(query), query).toBe(404);
    }
    // Once opened (paid for), its UTM and results are the owner's to filter by.
    expect((await open(q.owner, masked)).statusCode).toBe(200);
    expect(await ids("?utm_source=secret-campaign")).toEqual([masked]);
    expect(await ids("?result=1")).toEqual([masked]);
    expect(await ids("?utm_source=other-campaign")).toEqual([]);
    expect(await status("?result=2")).toBe(404);
  });

  it("answers a masked lead's real result and another of the owner's results alike", async () => {
    const owner = (await h.publishedQuiz()).owner;
    const made = await createPublishableQuiz(h.t, owner);
    const other = await expectCall<{ id: number }>(h.t, 201, "POST", "/result/", {
      user: owner,
      body: { quiz: made.quiz, title: "Never shown" },
    });
    await publish(h.t, owner, made.quiz);
    const sent = await h.post(apiPaths.publicQuizLead(made.publicKey), {
      submission_id: randomUUID(),
      answers: [{ question: made.question, answers: [made.answers[0]] }],
      contacts: { name: "Olena", phone: "+380501234567" },
      consent: true,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const lead = sent.json().lead as number;
    const [row] = await h.leadsOf(made.quiz);
    expect(row?.results.map((r) => r.id)).toEqual([made.result]);
    const ids = async (query: string) => (await list(owner, query)).results.map((r) => r.id);
    expect(await ids(`?result=${made.result}`)).toEqual([]);
    expect(await ids(`?result=${other.id}`)).toEqual([]);
    expect((await open(owner, lead)).statusCode).toBe(200);
    expect(await ids(`?result=${made.result}`)).toEqual([lead]);
    expect(await ids(`?result=${other.id}`)).toEqual([]);
  });

  it("searches opened leads by a fragment of the name, e-mail or phone", async () => {
    const q = await h.publishedQuiz();
    const lead = await submit(q, {
      contacts: contacts("Марина", "marina@example.com", "+380671112233"),
    });
    await submit(q, { contacts: contacts("Petro", "petro@example.com", "+380509998877") });
    // Masked contacts cannot be found by guessing them.
    expect((await list(q.owner, "?search=marina")).results).toEqual([]);
    expect((await open(q.owner, lead)).statusCode).toBe(200);
    for (const fragment of ["марин", "MARINA@", "1112", "67 111 22"]) {
      const found = await list(q.owner, `?search=${encodeURIComponent(fragment)}`);
      expect(
        found.results.map((r) => r.id),
        fragment,
      ).toEqual([lead]);
    }
    expect((await list(q.owner, "?search=%25")).results).toEqual([]);
    // Letters make it a name or e-mail search: Марина's phone holds 1112, petro1112 is no one.
    expect((await list(q.owner, "?search=petro1112")).results).toEqual([]);
  });
});

describe("POST update-lead-tariff/", () => {
  it("opens a lead for one request, once; the detail then shows everything", async () => {
    const q = await h.publishedQuiz();
    const lead = await submit(q);
    const detailBefore = await apiCall(h.t, "GET", apiPaths.leadAnswers(lead), { user: q.owner });
    expect(detailBefore.statusCode).toBe(403);
    expect(detailBefore.json().code).toBe("lead_not_opened");

    const first = await open(q.owner, lead);
    expect(first.statusCode, first.body).toBe(200);
    const opened = first.json() as LeadOpenResponse;
    expect(opened.requests_left).toBe(TRIAL_LEAD_REQUESTS - 1);
    expect(opened.lead).toMatchObject({
      is_opened: true,
      name: "Olena",
      email: "olena@example.com",
    });
    const again = (await open(q.owner, lead)).json() as LeadOpenResponse;
    expect(again.requests_left).toBe(TRIAL_LEAD_REQUESTS - 1);

    const detail = await expectCall<LeadDetail>(h.t, 200, "GET", apiPaths.leadAnswers(lead), {
      user: q.owner,
    });
    expect(detail).toMatchObject({
      contacts: {
        name: "Olena",
        phone: "+380 50 123 4567",
        messengers: { telegram: "+380501234567" },
      },
      answers: [
        { question: "What do you live in?", answer: "House" },
        { question: "Garden area?", answer: "200 m²" },
        { question: "Which extras?", answer: "Painting, Plumbing" },
      ],
      other_fields: { client_id: "42" },
      utm: { utm_source: "google", utm_campaign: "spring" },
      results: [{ id: 1, title: "House renovation", value: 240, unit: "price" }],
      page_url: "https://builder.example.com/?client_id=42&utm_source=google",
      referrer: "https://google.com/",
      consent: { given: true },
    });
  });

  it("spends one request for concurrent openings of the same lead", async () => {
    const q = await h.publishedQuiz();
    const lead = await submit(q);
    await grantLeadRequests(h.t.database.db, q.owner.id, 5);
    const answers = await Promise.all([1, 2, 3, 4].map(() => open(q.owner, lead)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect((await list(q.owner)).requests_left).toBe(4);
  });

  it("with one request left, one of two concurrent openings succeeds and the other gets lead_limit", async () => {
    const q = await h.publishedQuiz();
    const a = await submit(q);
    const b = await submit(q);
    await grantLeadRequests(h.t.database.db, q.owner.id, 1);
    const answers = await Promise.all([open(q.owner, a), open(q.owner, b)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const refused = answers.find((r) => r.statusCode === 403);
    expect(refused?.json().code).toBe("lead_limit");
    const page = await list(q.owner);
    expect(page.requests_left).toBe(0);
    expect(page.results.filter((r) => r.is_opened)).toHaveLength(1);
  });

  it("answers 404 for another account's lead and spends nothing", async () => {
    const lead = await submit(other);
    const response = await open(quiz.owner, lead);
    expect(response.statusCode).toBe(404);
    const detail = await apiCall(h.t, "GET", apiPaths.leadAnswers(lead), { user: quiz.owner });
    expect(detail.statusCode).toBe(404);
    expect((await list(other.owner)).results.find((r) => r.id === lead)?.is_opened).toBe(false);
  });
});

describe("quality flags", () => {
  it("flags a duplicate e-mail for the same quiz and a lead sent faster than anyone reads", async () => {
    const q = await h.publishedQuiz();
    await submit(q, { contacts: contacts("A", "same@example.com", "+380501111111") });
    const session = (
      await h.post(apiPaths.clientSessions, { quiz: q.publicKey, service_session: true })
    ).json().session as string;
    const dup = await submit(q, {
      session,
      contacts: contacts("B", "same@example.com", "+380502222222"),
    });
    const row = (await list(q.owner)).results.find((r) => r.id === dup);
    expect(row?.flags).toEqual(expect.arrayContaining(["duplicate", "too_fast"]));
    expect((await list(q.owner, "?flag=duplicate")).results.map((r) => r.id)).toEqual([dup]);
  });
});

describe("PATCH and DELETE lead/{id}/", () => {
  it("keeps a note and a status, and erases personal data for good", async () => {
    const q = await h.publishedQuiz();
    const lead = await submit(q);
    const bad = await apiCall(h.t, "PATCH", apiPaths.leadById(lead), {
      user: q.owner,
      body: { status: "hot" },
    });
    expect(bad.statusCode).toBe(400);
    const changed = await expectCall(h.t, 200, "PATCH", apiPaths.leadById(lead), {
      user: q.owner,
      body: { status: "in_progress", note: "Call on Monday" },
    });
    expect(changed).toEqual({ id: lead, status: "in_progress", note: "Call on Monday" });
    const foreign = await apiCall(h.t, "DELETE", apiPaths.leadById(lead), { user: quiz.owner });
    expect(foreign.statusCode).toBe(404);

    await expectCall(h.t, 204, "DELETE", apiPaths.leadById(lead), { user: q.owner });
    expect((await list(q.owner)).results).toEqual([]);
    const [row] = await h.leadsOf(q.id);
    expect(row).toMatchObject({ name: "", email: "", phone: "", answers: [], utm: {}, note: "" });
    expect(row?.erasedAt).not.toBeNull();
    const again = await apiCall(h.t, "DELETE", apiPaths.leadById(lead), { user: q.owner });
    expect(again.statusCode).toBe(404);
  });
});

describe("GET leads/export/", () => {
  let q: PublishedQuiz;
  let opened: number;

  beforeAll(async () => {
    q = await h.publishedQuiz();
    opened = await submit(q, {
      contacts: contacts("=1+1", "test@example.com"),
      utm: { utm_source: "@cmd", utm_campaign: "весна-осінь" },
    });
    await submit(q, { contacts: contacts("Hidden", "hidden@example.com") });
    expect((await open(q.owner, opened)).statusCode).toBe(200);
  });

  async function download(format: "csv" | "xlsx", language = "ru") {
    const response = await apiCall(h.t, "GET", `${apiPaths.leadsExport}?format=${format}`, {
      user: q.owner,
      language,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  }

  it("streams CSV in UTF-8 with a BOM: opened leads only, one column per question, formulas neutralised", async () => {
    const response = await download("csv");
    expect(response.headers["content-type"]).toContain("text/csv");
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const workbook = new ExcelJS.Workbook();
    const sheet = await workbook.csv.read(Readable.from([response.rawPayload.subarray(3)]), {
      parserOptions: { delimiter: "," },
    } as never);
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    const header = rows[0]?.slice(1);
    expect(header).toEqual(
      expect.arrayContaining(["Имя", "E-mail", "What do you live in?", "Which extras?"]),
    );
    expect(rows).toHaveLength(2);
    const cells = Object.fromEntries(
      (header ?? []).map((title, i) => [String(title), rows[1]?.[i + 1]]),
    );
    expect(cells).toMatchObject({
      Имя: "'=1+1",
      "E-mail": "test@example.com",
      "Источник (UTM)": "'@cmd",
      "Кампания (UTM)": "весна-осінь",
      "What do you live in?": "House",
      "Which extras?": "Painting, Plumbing",
    });
  });

  it("streams XLSX that a spreadsheet reader opens", async () => {
    const response = await download("xlsx", "en");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("the workbook has no sheet");
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const values = (sheet.getRow(2).values as unknown[]).slice(1);
    const cells = Object.fromEntries(header.map((title, i) => [String(title), values[i]]));
    expect(cells).toMatchObject({
      Name: "'=1+1",
      "UTM campaign": "весна-осінь",
      "Garden area?": "200 m²",
    });
    expect(sheet.rowCount).toBe(2);
  });

  it("streams every row when the leads span several read batches", async () => {
    const big = await h.publishedQuiz();
    await h.t.database.db.execute(sql`insert into leads (submission_id, quiz_id, project_id,
        user_id, publication_version, name, email, is_opened)
      select gen_random_uuid(), q.id, q.project_id, q.user_id, 1, 'Visitor ' || g,
        'v' || g || '@example.com', true
      from generate_series(1, 2345) as g, quizzes q where q.id = ${big.id}`);
    const response = await apiCall(h.t, "GET", `${apiPaths.leadsExport}?format=csv`, {
      user: big.owner,
    });
    expect(response.statusCode).toBe(200);
    const lines = response.body.trimEnd().split("\r\n");
    expect(lines).toHaveLength(2346);
    expect(new Set(lines.slice(1).map((line) => line.split(",")[0])).size).toBe(2345);
  });

  it("names a question renamed between versions by its latest title, one column for both versions' answers", async () => {
    const renamed = {
      ...branchingQuiz,
      questions: branchingQuiz.questions.map((question) =>
        question.id === 1 ? { ...question, title: "Ваше житло?" } : question,
      ),
    };
    const target = await h.publishedQuiz([branchingQuiz, renamed]);
    const before = await submit(target, {
      version: 1,
      contacts: contacts("Ömer & <Co>\u0007", "omer@example.com"),
    });
    const after = await submit(target, { version: 2 });
    for (const lead of [before, after])
      expect((await open(target.owner, lead)).statusCode).toBe(200);

    const csv = await apiCall(h.t, "GET", `${apiPaths.leadsExport}?format=csv`, {
      user: target.owner,
      language: "en",
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.slice(1).trimEnd().split("\r\n");
    const header = lines[0]?.split(",") ?? [];
    expect(header).toContain("Ваше житло?");
    expect(header).not.toContain("What do you live in?");
    expect(header.filter((title) => title === "Garden area?")).toHaveLength(1);
    const column = header.indexOf("Ваше житло?");
    expect(lines.slice(1).map((line) => line.split(",")[column])).toEqual(["House", "House"]);
    expect(lines.slice(1).map((line) => line.split(",")[0])).toEqual([
      String(after),
      String(before),
    ]);
    // The list's filters, written into the COPY as literals (a search with LIKE escapes).
    const searched = await apiCall(
      h.t,
      "GET",
      `${apiPaths.leadsExport}?format=csv&search=${encodeURIComponent("omer@ex")}&status=new`,
      { user: target.owner },
    );
    const found = searched.body.slice(1).trimEnd().split("\r\n").slice(1);
    expect(found.map((line) => line.split(",")[0])).toEqual([String(before)]);
    expect(lines[1]?.split(",")[1]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const xlsx = await apiCall(h.t, "GET", `${apiPaths.leadsExport}?format=xlsx`, {
      user: target.owner,
      language: "en",
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error("the workbook has no sheet");
    const titles = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    const oldest = (sheet.getRow(3).values as unknown[]).slice(1);
    // XML markup escaped, the control character XML refuses dropped.
    expect(oldest[titles.indexOf("Name")]).toBe("Ömer & <Co>");
    expect(oldest[titles.indexOf("Ваше житло?")]).toBe("House");
    expect(sheet.rowCount).toBe(3);
  });

  it("shows the note and status as they are now, drops an erased lead, and places answers when two questions of a version share a title", async () => {
    // Version 2 asks "Which floor?" under the title of "Garden area?": one column for both.
    const shared = {
      ...branchingQuiz,
      questions: branchingQuiz.questions.map((question) =>
        question.title === "Which floor?" ? { ...question, title: "Garden area?" } : question,
      ),
    };
    const target = await h.publishedQuiz([branchingQuiz, shared]);
    const first = await submit(target, { version: 1 });
    const second = await submit(target, { version: 2 });
    for (const lead of [first, second])
      expect((await open(target.owner, lead)).statusCode).toBe(200);
    const patched = await apiCall(h.t, "PATCH", apiPaths.leadById(first), {
      user: target.owner,
      body: { status: "won", note: '=SUM(A1); call "after 5"' },
    });
    expect(patched.statusCode, patched.body).toBe(200);

    const csv = await apiCall(h.t, "GET", `${apiPaths.leadsExport}?format=csv`, {
      user: target.owner,
      language: "en",
    });
    expect(csv.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    const sheet = await workbook.csv.read(Readable.from([csv.rawPayload.subarray(3)]), {
      parserOptions: { delimiter: "," },
    } as never);
    const rows = (sheet.getSheetValues().filter(Boolean) as unknown[][]).map((row) =>
      row.slice(1).map((cell) => (cell === undefined || cell === null ? "" : String(cell))),
    );
    const header = rows[0] ?? [];
    expect(header.slice(-3)).toEqual(["What do you live in?", "Garden area?", "Which extras?"]);
    const byId = new Map(rows.slice(1).map((row) => [row[0], row]));
    const cell = (lead: number, title: string) => byId.get(String(lead))?.[header.indexOf(title)];
    for (const lead of [first, second]) {
      expect(cell(lead, "What do you live in?")).toBe("House");
      expect(cell(lead, "Garden area?")).toBe("200 m²");
      expect(cell(lead, "Which extras?")).toBe("Painting, Plumbing");
      expect(byId.get(String(lead))).toHaveLength(header.length);
    }
    expect(cell(first, "Status")).toBe("Won");
    expect(cell(first, "Note")).toBe(`'=SUM(A1); call "after 5"`);
    expect(cell(second, "Status")).toBe("New");

    // An erased lead leaves the export at once.
    await expectCall(h.t, 204, "DELETE", apiPaths.leadById(second), { user: target.owner });
    const after = await apiCall(h.t, "GET", `${apiPaths.leadsExport}?format=csv`, {
      user: target.owner,
    });
    const ids = after.body.slice(1).trimEnd().split("\r\n").slice(1);
    expect(ids.map((line) => line.split(",")[0])).toEqual([String(first)]);
  });
});

describe("GET leads/export/ with the list's filters", () => {
  it("exports only the leads the project, quiz, status, days and UTM source filters match", async () => {
    const q = await h.publishedQuiz();
    const first = await submit(q, { utm: { utm_source: "facebook" } });
    const second = await submit(q, { contacts: contacts("Olha", "olha@example.com") });
    for (const lead of [first, second]) expect((await open(q.owner, lead)).statusCode).toBe(200);
    await expectCall(h.t, 200, "PATCH", apiPaths.leadById(second), {
      user: q.owner,
      body: { status: "won" },
    });
    const [row] = await h.leadsOf(q.id);
    const ids = async (query: string) => {
      const response = await apiCall(h.t, "GET", `${apiPaths.leadsExport}?format=csv${query}`, {
        user: q.owner,
      });
      expect(response.statusCode, response.body).toBe(200);
      const lines = response.body.slice(1).trimEnd().split("\r\n").slice(1);
      return lines.map((line) => Number(line.split(",")[0]));
    };
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids("")).toEqual([second, first]);
    expect(await ids(`&project=${row?.projectId}&quiz=${q.id}`)).toEqual([second, first]);
    expect(await ids("&status=won")).toEqual([second]);
    expect(await ids("&status=new")).toEqual([first]);
    expect(await ids(`&from=${today}&to=${today}`)).toEqual([second, first]);
    expect(await ids("&to=2020-01-01")).toEqual([]);
    expect(await ids("&status=new&utm_source=facebook")).toEqual([first]);
    expect(await ids("&status=won&utm_source=facebook")).toEqual([]);
    expect(await ids("&status=won&utm_source=google")).toEqual([second]);
  });
});

describe("copyLines", () => {
  it("keeps the line field of COPY's binary tuples however the bytes are cut", async () => {
    const field = (text: string) => {
      const bytes = Buffer.from(text, "utf8");
      const length = Buffer.alloc(4);
      length.writeInt32BE(bytes.length);
      return Buffer.concat([length, bytes]);
    };
    // Two fields (the id, then the line: the keyset shape) or the line alone (the export's).
    const tuple = (id: string, line: string) =>
      id === ""
        ? Buffer.concat([Buffer.from([0, 1]), field(line)])
        : Buffer.concat([Buffer.from([0, 2]), field(id), field(line)]);
    const header = Buffer.concat([
      Buffer.from("PGCOPY\n\xff\r\n\0", "latin1"),
      Buffer.from([0, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3]),
    ]);
    const copy = Buffer.concat([
      header,
      tuple("12", "Олена,a@b.c\r\n"),
      tuple("7", ""),
      tuple("3", "x\r\n"),
      tuple("", 'Ї,"a,b"\r\n'),
      Buffer.from([0xff, 0xff]),
    ]);
    for (const size of [1, 5, copy.length]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < copy.length; at += size) chunks.push(copy.subarray(at, at + size));
      const out: Buffer[] = [];
      for await (const part of copyLines(Readable.from(chunks))) out.push(part);
      expect(Buffer.concat(out).toString("utf8")).toBe('Олена,a@b.c\r\nx\r\nЇ,"a,b"\r\n');
    }
  });
});
