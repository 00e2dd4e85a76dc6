import { randomUUID } from "node:crypto";
import type { LeadResponse } from "@leadquiz/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { branchingQuiz } from "../../../../runtime/src/test/fixtures";
import { freshIp } from "../../test-support/api-client";
import { apiPaths } from "../../test-support/api-paths";
import {
  createLeadsHarness,
  flatLead,
  houseLead,
  type LeadsHarness,
  type PublishedQuiz,
} from "../../test-support/leads-fixtures";
import { VISITOR_LIMITS } from "../visitor-sessions";

let h: LeadsHarness;
let quiz: PublishedQuiz;
const lead = (key: string) => apiPaths.publicQuizLead(key);

beforeAll(async () => {
  h = await createLeadsHarness();
  quiz = await h.publishedQuiz();
});
afterAll(async () => {
  await h?.close();
});

describe("POST public/quiz/{key}/lead/", () => {
  it("stores a valid lead with recomputed results and the snapshot's texts", async () => {
    const session = (
      await h.post(apiPaths.clientSessions, { quiz: quiz.publicKey, service_session: true })
    ).json().session as string;
    const body = {
      ...houseLead({ session }),
      // What a client might compute: ignored, the server recomputes.
      results: [{ id: 2, value: 1, unit: null }],
    };
    const response = await h.post(lead(quiz.publicKey), body);
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json() as LeadResponse;
    expect(answer.lead).toBeGreaterThan(0);
    expect(answer.results).toEqual([
      {
        id: 1,
        title: "House renovation",
        description: "",
        additional_description: "",
        media: null,
        value: 240,
        unit: "price",
        show_total: true,
        button_text: "",
        button_link: "",
      },
    ]);
    expect(answer.redirect_url).toBeNull();

    const [row] = (await h.leadsOf(quiz.id)).filter((l) => l.id === answer.lead);
    expect(row).toMatchObject({
      submissionId: body.submission_id,
      userId: quiz.owner.id,
      publicationVersion: 1,
      sessionId: session,
      name: "Olena",
      email: "olena@example.com",
      phone: "+380 50 123 4567",
      messengers: { telegram: "+380501234567" },
      consent: true,
      utm: { utm_source: "google", utm_campaign: "spring" },
      otherFields: { client_id: "42" },
      referrer: "https://google.com/",
      pageUrl: "https://builder.example.com/?client_id=42&utm_source=google",
      results: [{ id: 1, title: "House renovation", value: 240, unit: "price" }],
    });
    expect(row?.answers).toEqual([
      { question: 1, question_title: "What do you live in?", answer: "House", answer_ids: [11] },
      { question: 2, question_title: "Garden area?", answer: "200 m²", value: 200 },
      {
        question: 4,
        question_title: "Which extras?",
        answer: "Painting, Plumbing",
        answer_ids: [41, 43],
      },
    ]);
  });

  it("recomputes the other path's result (output row) and drops answers of skipped questions", async () => {
    const body = flatLead({
      answers: [
        { question: 1, answers: [12] },
        { question: 2, value: 300 },
        { question: 3, value: 3 },
      ],
    });
    const response = await h.post(lead(quiz.publicKey), body);
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json() as LeadResponse;
    expect(answer.results.map((r) => [r.id, r.title, r.value, r.unit])).toEqual([
      [2, "Flat renovation", "Budget", null],
    ]);
    const [row] = (await h.leadsOf(quiz.id)).filter((l) => l.id === answer.lead);
    expect(row?.answers.map((a) => [a.question, a.answer])).toEqual([
      [1, "Flat"],
      [3, "3/5"],
    ]);
  });

  it("answers a replayed submission_id with the first answer and stores nothing new", async () => {
    const body = houseLead();
    const first = await h.post(lead(quiz.publicKey), body);
    expect(first.statusCode).toBe(201);
    const again = await h.post(lead(quiz.publicKey), body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers["idempotent-replayed"]).toBe("true");
    const rows = (await h.leadsOf(quiz.id)).filter((l) => l.submissionId === body.submission_id);
    expect(rows).toHaveLength(1);
  });

  it("stores one lead for concurrent identical submissions", async () => {
    const body = houseLead();
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => h.post(lead(quiz.publicKey), body, { ip })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    const ids = new Set(answers.map((a) => (a.json() as LeadResponse).lead));
    expect(ids.size).toBe(1);
    const rows = (await h.leadsOf(quiz.id)).filter((l) => l.submissionId === body.submission_id);
    expect(rows).toHaveLength(1);
  });

  it("refuses a submission_id stored for another quiz", async () => {
    const other = await h.publishedQuiz();
    const body = houseLead();
    expect((await h.post(lead(quiz.publicKey), body)).statusCode).toBe(201);
    const response = await h.post(lead(other.publicKey), body);
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(["submission_id"]);
  });

  describe("per-field errors, translated", () => {
    const cases: Array<{
      name: string;
      body: () => ReturnType<typeof houseLead>;
      field: string;
      en: string;
      ru: string;
    }> = [
      {
        name: "an unknown question",
        body: () => houseLead({ answers: [{ question: 1, answers: [11] }, { question: 99 }] }),
        field: "answers.1.question",
        en: "This question is not in the quiz",
        ru: "Такого вопроса нет в квизе",
      },
      {
        name: "an answer of another question",
        body: () => houseLead({ answers: [{ question: 1, answers: [41] }] }),
        field: "answers.0.answers",
        en: "This answer does not belong to the question",
        ru: "Этот ответ не относится к вопросу",
      },
      {
        name: "several answers to a single-choice question",
        body: () => houseLead({ answers: [{ question: 1, answers: [11, 12] }] }),
        field: "answers.0.answers",
        en: "Only one answer can be chosen",
        ru: "Можно выбрать только один ответ",
      },
      {
        name: "a value of the wrong shape",
        body: () => houseLead({ answers: [{ question: 1, value: 3 }] }),
        field: "answers.0",
        en: "Invalid value",
        ru: "Недопустимое значение",
      },
      {
        name: "a value out of range",
        body: () =>
          flatLead({
            answers: [
              { question: 1, answers: [12] },
              { question: 3, value: 9 },
            ],
          }),
        field: "answers.1.value",
        en: "The value is out of range",
        ru: "Значение вне допустимого диапазона",
      },
      {
        name: "a required question on the path left unanswered",
        body: () => flatLead({ answers: [{ question: 1, answers: [12] }] }),
        field: "questions.3",
        en: "Required field",
        ru: "Обязательное поле",
      },
      {
        name: "a required contact field left empty",
        body: () => houseLead({ contacts: { ...houseLead().contacts, name: "  " } }),
        field: "contacts.name",
        en: "Required field",
        ru: "Обязательное поле",
      },
      {
        name: "a bad e-mail",
        body: () => houseLead({ contacts: { ...houseLead().contacts, email: "olena@" } }),
        field: "contacts.email",
        en: "Invalid email",
        ru: "Некорректный e-mail",
      },
      {
        name: "a bad phone",
        body: () => houseLead({ contacts: { ...houseLead().contacts, phone: "+380 12" } }),
        field: "contacts.phone",
        en: "Invalid phone number",
        ru: "Неверный номер телефона",
      },
      {
        name: "no consent",
        body: () => houseLead({ consent: false }),
        field: "consent",
        en: "Required field",
        ru: "Обязательное поле",
      },
      {
        name: "a messenger the form does not offer",
        body: () =>
          houseLead({ contacts: { ...houseLead().contacts, messengers: { viber: "+1" } } }),
        field: "contacts.messengers.viber",
        en: "Invalid value",
        ru: "Недопустимое значение",
      },
      {
        name: "a version that was never published",
        body: () => houseLead({ version: 7 }),
        field: "version",
        en: "Invalid value",
        ru: "Недопустимое значение",
      },
    ];

    it.each(cases)("refuses $name", async ({ body, field, en, ru }) => {
      const submission = body();
      const english = await h.post(lead(quiz.publicKey), submission, { language: "en" });
      expect(english.statusCode, english.body).toBe(400);
      expect(english.json()).toEqual({ [field]: [en] });
      const russian = await h.post(lead(quiz.publicKey), submission, { language: "ru" });
      expect(russian.json()).toEqual({ [field]: [ru] });
      const stored = (await h.leadsOf(quiz.id)).filter(
        (l) => l.submissionId === submission.submission_id,
      );
      expect(stored).toHaveLength(0);
    });

    it("accepts a required question the logic skipped", async () => {
      // Floor (required) is shown only for a flat: a house lead without it is complete.
      const response = await h.post(lead(quiz.publicKey), houseLead());
      expect(response.statusCode, response.body).toBe(201);
    });

    it("lists every problem at once", async () => {
      const response = await h.post(
        lead(quiz.publicKey),
        houseLead({
          consent: false,
          answers: [{ question: 1, answers: [99] }],
          contacts: { ...houseLead().contacts, email: "x" },
        }),
      );
      expect(Object.keys(response.json()).sort()).toEqual([
        "answers.0.answers",
        "consent",
        "contacts.email",
      ]);
    });
  });

  describe("bad bytes and sizes", () => {
    it("refuses a NUL character", async () => {
      const response = await h.post(
        lead(quiz.publicKey),
        houseLead({ contacts: { ...houseLead().contacts, name: "Ole\u0000na" } }),
      );
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(["contacts.name"]);
    });

    it("refuses a lone surrogate", async () => {
      const raw = JSON.stringify(houseLead()).replace('"Olena"', '"Ole\\ud800na"');
      const response = await h.post(lead(quiz.publicKey), raw, { raw: true });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(["contacts.name"]);
    });

    it("refuses a 100 KB text", async () => {
      const response = await h.post(
        lead(quiz.publicKey),
        houseLead({ answers: [{ question: 1, answers: [11], text: "x".repeat(100_000) }] }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ "answers.0.text": ["The value is too long"] });
    });

    it("refuses JSON nested 1000 levels deep before parsing it", async () => {
      const deep = `${"[".repeat(1000)}${"]".repeat(1000)}`;
      const raw = JSON.stringify(houseLead()).replace('"extra":{', `"deep":${deep},"extra":{`);
      const response = await h.post(lead(quiz.publicKey), raw, { raw: true });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        non_field_errors: ["The request could not be read"],
      });
    });

    it("takes brackets inside strings as text", async () => {
      const response = await h.post(
        lead(quiz.publicKey),
        houseLead({ contacts: { ...houseLead().contacts, other: "[".repeat(100) } }),
      );
      expect(response.statusCode, response.body).toBe(201);
    });

    it("refuses a body over 256 KB with 413", async () => {
      const big = houseLead({
        answers: Array.from({ length: 30 }, () => ({ question: 4, text: "y".repeat(9_000) })),
      });
      const response = await h.post(lead(quiz.publicKey), big);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({
        code: "file_too_large",
        detail: "The request is too large (maximum 256 KB).",
      });
    });

    it("refuses unreadable JSON", async () => {
      const response = await h.post(lead(quiz.publicKey), '{"submission_id":', { raw: true });
      expect(response.statusCode).toBe(400);
    });
  });

  it("answers a honeypot submission like a stored lead and stores nothing", async () => {
    const body = houseLead({ website: "https://spam.example" });
    const response = await h.post(lead(quiz.publicKey), body);
    expect(response.statusCode).toBe(201);
    const answer = response.json() as LeadResponse;
    expect(answer.lead).toBe(0);
    expect(answer.results.map((r) => r.value)).toEqual([240]);
    const rows = (await h.leadsOf(quiz.id)).filter((l) => l.submissionId === body.submission_id);
    expect(rows).toHaveLength(0);
  });

  describe("rate limits", () => {
    it("flags leads over the rate of an address and quiz, never the first ones, stores them all", async () => {
      const target = await h.publishedQuiz();
      const ip = freshIp();
      const max = VISITOR_LIMITS.leadsPerIpPerQuiz.max;
      const first = houseLead();
      const firstAnswer = await h.post(lead(target.publicKey), first, { ip });
      expect(firstAnswer.statusCode).toBe(201);
      for (let n = 1; n < max; n++) {
        expect((await h.post(lead(target.publicKey), houseLead(), { ip })).statusCode).toBe(201);
      }
      // Over the rate: stored, flagged (docs/leads.md "Leads over the per-address rate").
      const over = await h.post(lead(target.publicKey), houseLead(), { ip, language: "ru" });
      expect(over.statusCode).toBe(201);
      const overId = (over.json() as LeadResponse).lead;

      // A replay of a stored lead still gets its first answer.
      const replay = await h.post(lead(target.publicKey), first, { ip });
      expect(replay.statusCode).toBe(201);
      expect(replay.json()).toEqual(firstAnswer.json());
      const rows = await h.leadsOf(target.id);
      expect(rows).toHaveLength(max + 1);
      expect(rows.filter((r) => r.flags.includes("over_rate")).map((r) => r.id)).toEqual([overId]);

      // Another address's first lead is not flagged.
      const other = await h.post(lead(target.publicKey), houseLead());
      expect(other.statusCode).toBe(201);
      const [otherRow] = (await h.leadsOf(target.id)).filter(
        (r) => r.id === (other.json() as LeadResponse).lead,
      );
      expect(otherRow?.flags).not.toContain("over_rate");
    });

    it("counts only stored leads: invalid submissions and replays do not count", async () => {
      const target = await h.publishedQuiz();
      const ip = freshIp();
      const body = houseLead();
      for (let n = 0; n < VISITOR_LIMITS.leadsPerIpPerQuiz.max + 2; n++) {
        expect((await h.post(lead(target.publicKey), body, { ip })).statusCode).toBe(201);
        expect(
          (await h.post(lead(target.publicKey), houseLead({ consent: false }), { ip })).statusCode,
        ).toBe(400);
      }
      expect((await h.post(lead(target.publicKey), houseLead(), { ip })).statusCode).toBe(201);
    });
  });

  describe("which quizzes take leads", () => {
    it("404 for an unknown key", async () => {
      const response = await h.post(lead("0".repeat(32)), houseLead());
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("not_found");
    });

    it("410 for a quiz hidden or deleted longer ago than the grace period (lead-grace tests)", async () => {
      const hidden = await h.publishedQuiz();
      expect((await h.post(lead(hidden.publicKey), houseLead())).statusCode).toBe(201);
      await h.updateQuiz(hidden.id, { isPublished: false, hiddenAt: new Date(0) });
      const gone = await h.post(lead(hidden.publicKey), houseLead());
      expect(gone.statusCode).toBe(410);
      expect(gone.json()).toMatchObject({ code: "quiz_closed", reason: "hidden" });

      const deleted = await h.publishedQuiz();
      await h.updateQuiz(deleted.id, { deletedAt: new Date(Date.now() - 25 * 3_600_000) });
      expect((await h.post(lead(deleted.publicKey), houseLead())).json()).toMatchObject({
        code: "quiz_closed",
        reason: "deleted",
      });
    });

    it("404 for a quiz that was never published", async () => {
      const never = await h.publishedQuiz([]);
      expect((await h.post(lead(never.publicKey), houseLead())).statusCode).toBe(404);
    });

    it("accepts a lead for an older version and stores that version's texts", async () => {
      const target = await h.publishedQuiz();
      const renamed = structuredClone(branchingQuiz);
      const first = renamed.questions[0];
      if (!first) throw new Error("fixture without questions");
      first.title = "Where do you live now?";
      first.answers = first.answers.map((a) => ({ ...a, text: `${a.text} (v2)` }));
      await h.publish(target, renamed);

      const old = await h.post(lead(target.publicKey), houseLead({ version: 1 }));
      expect(old.statusCode, old.body).toBe(201);
      const current = await h.post(lead(target.publicKey), houseLead({ version: 2 }));
      expect(current.statusCode, current.body).toBe(201);
      const rows = await h.leadsOf(target.id);
      const byId = new Map(rows.map((row) => [row.id, row]));
      const oldRow = byId.get((old.json() as LeadResponse).lead);
      const newRow = byId.get((current.json() as LeadResponse).lead);
      expect(oldRow?.publicationVersion).toBe(1);
      expect(oldRow?.answers[0]).toMatchObject({
        question_title: "What do you live in?",
        answer: "House",
      });
      expect(newRow?.publicationVersion).toBe(2);
      expect(newRow?.answers[0]).toMatchObject({
        question_title: "Where do you live now?",
        answer: "House (v2)",
      });
    });
  });

  it("stores an unknown session as none", async () => {
    const body = houseLead({ session: randomUUID() });
    const response = await h.post(lead(quiz.publicKey), body);
    expect(response.statusCode).toBe(201);
    const [row] = (await h.leadsOf(quiz.id)).filter((l) => l.submissionId === body.submission_id);
    expect(row?.sessionId).toBeNull();
  });
});

describe("the minimal lead body of a hand-written form", () => {
  it("takes submission_id, answers, the contacts it has and consent; the rest defaults", async () => {
    const twice = await h.publishedQuiz([branchingQuiz, branchingQuiz]);
    const body = {
      submission_id: randomUUID(),
      answers: [
        { question: 1, answers: [12] },
        { question: 3, value: 3 },
      ],
      contacts: { name: "Form", phone: "+380501234567" },
      consent: true,
    };
    const response = await h.post(lead(twice.publicKey), body);
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await h.leadsOf(twice.id);
    expect(row).toMatchObject({
      publicationVersion: 2,
      sessionId: null,
      name: "Form",
      email: "",
      phone: "+380 50 123 4567",
      utm: {},
      referrer: "",
      pageUrl: "",
      otherFields: {},
    });
  });
});
