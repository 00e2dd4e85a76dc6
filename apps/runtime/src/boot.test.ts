import type { LeadSubmission } from "@leadquiz/contract";
import { texts as en } from "@leadquiz/i18n/visitor/en";
import { screen, waitFor } from "@testing-library/preact";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { boot } from "./boot";
import { eventSender, sessionSource } from "./http";
import { HttpError, leadSender } from "./lead-sender";
import { emptyPageContext } from "./page-context";
import { question, quiz } from "./test/fixtures";

type Call = { url: string; body: unknown; init: RequestInit };
let calls: Call[];
let answer: (url: string) => Response;

beforeEach(() => {
  calls = [];
  answer = (url) =>
    url.endsWith("/client-sessions/")
      ? Response.json({ session: "s-1" }, { status: 201 })
      : url.endsWith("/lead/")
        ? Response.json({ lead: 9, results: [], redirect_url: null }, { status: 201 })
        : new Response(null, { status: 204 });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init, body: JSON.parse(String(init.body ?? "null")) });
      return answer(url);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  document.body.innerHTML = "";
});

describe("sessions and funnel events", () => {
  it("makes one session per visit, kept in sessionStorage per quiz", async () => {
    const get = sessionSource("/api/v1", "KEY", { ...emptyPageContext, page_url: "https://a/" });
    expect(await Promise.all([get(), get()])).toEqual(["s-1", "s-1"]);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      quiz: "KEY",
      service_session: true,
      utm: {},
      referrer: "",
      page_url: "https://a/",
    });
    expect(sessionStorage.getItem("leadquiz:session:KEY")).toBe("s-1");
    expect(await sessionSource("/api/v1", "KEY", emptyPageContext)()).toBe("s-1");
    expect(calls).toHaveLength(1);
  });

  it("goes on without a session when the call fails", async () => {
    answer = () => new Response(null, { status: 503 });
    expect(await sessionSource("/api/v1", "KEY", emptyPageContext)()).toBeNull();
  });

  it("sends funnel events with the session, keepalive, and ignores the rest", async () => {
    const send = eventSender("/api", "KEY", async () => "s-1");
    send({ type: "answer", question: 4 });
    send({ type: "step", step: { kind: "form", question: null, index: null } });
    send({ type: "lead", submission_id: "x", response: null });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.url).toBe("/api/public/quiz/KEY/events/");
    expect(calls[0]?.body).toEqual({ session: "s-1", type: "answer", question: 4 });
    expect(calls[0]?.init.keepalive).toBe(true);
  });

  it("reports a question shown as its reach, the other screens not", async () => {
    const send = eventSender("/api", "KEY", async () => "s-1");
    send({ type: "step", step: { kind: "start", question: null, index: null } });
    send({ type: "step", step: { kind: "question", question: 7, index: 0 } });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({ session: "s-1", type: "reach", question: 7 });
  });

  it("hands a 400's per-field errors to the queue, in the quiz language", async () => {
    answer = () => Response.json({ "contacts.email": ["Invalid e-mail"] }, { status: 400 });
    const error = await leadSender("/api", "KEY", "pl")({} as LeadSubmission).catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 400, body: { "contacts.email": ["Invalid e-mail"] } });
    expect(new Headers(calls[0]?.init.headers).get("Accept-Language")).toBe("pl");
  });
});

describe("boot", () => {
  const page = (config: object) => {
    document.body.innerHTML = `<div id="quiz"></div><script type="application/json" data-leadquiz>${JSON.stringify(config)}</script>`;
  };

  it("mounts the quiz, opens a session, reports the view and re-sends an earlier lead", async () => {
    const q = quiz({ questions: [question(1, 4)] });
    const pending = { submission_id: "11111111-1111-4111-8111-111111111111", answers: [] };
    localStorage.setItem(`leadquiz:pending:${q.public_key}`, JSON.stringify([pending]));
    page({ quiz: q, texts: en, api: "/api/v1", target: "quiz" });
    boot();
    boot(); // a second call does not start it twice
    await screen.findByText("Question 1");
    await waitFor(() =>
      expect(calls.map((c) => c.url.replace(/[0-9a-f]{32}/, "K"))).toEqual(
        expect.arrayContaining([
          "/api/v1/client-sessions/",
          "/api/v1/public/quiz/K/events/",
          "/api/v1/public/quiz/K/lead/",
        ]),
      ),
    );
    expect(calls.filter((c) => c.url.endsWith("/client-sessions/"))).toHaveLength(1);
    // The first question is shown at once (no start page): its reach goes with the view.
    await waitFor(() =>
      expect(calls.filter((c) => c.url.endsWith("/events/")).map((c) => c.body)).toEqual(
        expect.arrayContaining([
          { session: "s-1", type: "view", question: null },
          { session: "s-1", type: "reach", question: 1 },
        ]),
      ),
    );
    expect(calls.find((c) => c.url.endsWith("/lead/"))?.body).toEqual(pending);
    await waitFor(() =>
      expect(localStorage.getItem(`leadquiz:pending:${q.public_key}`)).toBeNull(),
    );
  });

  it("ignores a broken config", () => {
    document.body.innerHTML = `<div id="quiz"></div><script type="application/json" data-leadquiz>{oops</script>`;
    expect(() => boot()).not.toThrow();
  });
});
