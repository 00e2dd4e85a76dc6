import type { LeadListPage, PartialLead } from "@leadquiz/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall, expectCall } from "../../test-support/api-client";
import { apiPaths } from "../../test-support/api-paths";
import {
  createLeadsHarness,
  houseLead,
  type LeadsHarness,
  type PublishedQuiz,
} from "../../test-support/leads-fixtures";

let h: LeadsHarness;
let quiz: PublishedQuiz;

async function newSession(): Promise<string> {
  const response = await h.post(apiPaths.clientSessions, {
    quiz: quiz.publicKey,
    service_session: true,
  });
  return response.json().session as string;
}

function partial(session: string, overrides: Partial<PartialLead> = {}): PartialLead {
  const { submission_id: _id, website: _website, ...lead } = houseLead();
  return {
    ...lead,
    session,
    answers: [{ question: 1, answers: [11] }],
    contacts: { name: "", email: "", phone: "", other: "", other2: "", messengers: {} },
    consent: false,
    ...overrides,
  };
}

const sendPartial = (body: unknown) => h.post(apiPaths.publicQuizPartialLead(quiz.publicKey), body);
const list = (query = "") =>
  expectCall<LeadListPage>(h.t, 200, "GET", `${apiPaths.leadsList}${query}`, { user: quiz.owner });

beforeAll(async () => {
  h = await createLeadsHarness();
  quiz = await h.publishedQuiz();
});
afterAll(async () => {
  await h?.close();
});

describe("POST public/quiz/{key}/partial-lead/", () => {
  it("keeps a visitor's unfinished answers apart from the leads, the latest report winning", async () => {
    const session = await newSession();
    expect((await sendPartial(partial(session))).statusCode).toBe(204);
    const second = partial(session, {
      answers: [
        { question: 1, answers: [11] },
        { question: 2, value: 200 },
      ],
    });
    expect((await sendPartial(second)).statusCode).toBe(204);

    expect((await list()).results).toEqual([]);
    const partials = await list("?kind=partial");
    expect(partials.results).toHaveLength(1);
    expect(partials.results[0]).toMatchObject({ is_partial: true, is_opened: false, name: "" });
    const [row] = await h.leadsOf(quiz.id);
    expect(row?.answers.map((a) => a.answer)).toEqual(["House", "200 m²"]);
    // Not a lead yet: the quiz's lead count does not move.
    const summary = await expectCall<{ leads_count: number }>(
      h.t,
      200,
      "GET",
      `/quiz/${quiz.id}/`,
      {
        user: quiz.owner,
      },
    );
    expect(summary.leads_count).toBe(0);
  });

  it("keeps contacts only with consent, and only the valid ones", async () => {
    const typed = {
      name: "Olena",
      email: "olena@exa",
      phone: "+380501234567",
      other: "",
      other2: "",
      messengers: {},
    };
    const withoutConsent = await newSession();
    await sendPartial(partial(withoutConsent, { contacts: typed }));
    const withConsent = await newSession();
    await sendPartial(partial(withConsent, { contacts: typed, consent: true }));
    const rows = await h.leadsOf(quiz.id);
    const of = (session: string) => rows.find((r) => r.sessionId === session);
    expect(of(withoutConsent)).toMatchObject({ name: "", phone: "", email: "" });
    expect(of(withConsent)).toMatchObject({ name: "Olena", phone: "+380 50 123 4567", email: "" });
  });

  it("is replaced by the session's full lead, which comes opened when the partial was", async () => {
    const session = await newSession();
    await sendPartial(partial(session, { consent: true }));
    const [kept] = (await list("?kind=partial")).results.filter((r) => r.is_partial);
    const opened = await apiCall(h.t, "POST", apiPaths.leadOpen, {
      user: quiz.owner,
      body: { lead: kept?.id },
    });
    expect(opened.statusCode).toBe(200);

    const full = await h.post(apiPaths.publicQuizLead(quiz.publicKey), houseLead({ session }));
    expect(full.statusCode, full.body).toBe(201);
    const rows = (await h.leadsOf(quiz.id)).filter((r) => r.sessionId === session);
    expect(rows.map((r) => [r.isPartial, r.isOpened])).toEqual([[false, true]]);
    // A late report of the finished session stores nothing.
    await sendPartial(partial(session));
    expect((await h.leadsOf(quiz.id)).filter((r) => r.sessionId === session)).toHaveLength(1);
  });

  it("stores nothing for another quiz's or an unknown session; refuses unknown answers", async () => {
    const before = (await h.leadsOf(quiz.id)).length;
    const unknown = "6f1c1f3e-2b9b-4c55-9d61-3d7a8c0e1a2b";
    expect((await sendPartial(partial(unknown))).statusCode).toBe(204);
    expect((await h.leadsOf(quiz.id)).length).toBe(before);
    const bad = await sendPartial(
      partial(await newSession(), { answers: [{ question: 999, answers: [1] }] }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty(["answers.0.question"]);
  });
});
