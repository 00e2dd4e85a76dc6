import type { PartialLead } from "@leadquiz/contract";
import { describe, expect, it } from "vitest";
import { emptyContacts } from "./contact-values";
import { emptyPageContext } from "./page-context";
import { PARTIAL_IDLE_MS, partialReporter } from "./partial-lead";
import { branchingQuiz } from "./test/fixtures";
import { manualClock } from "./test/manual-clock";

const SESSION = "6f1c1f3e-2b9b-4c55-9d61-3d7a8c0e1a2b";

function setup(session: string | null = SESSION) {
  const sent: PartialLead[] = [];
  const clock = manualClock();
  const reporter = partialReporter({
    quiz: branchingQuiz,
    session: () => session,
    page: () => ({ ...emptyPageContext, utm: { utm_source: "ads" } }),
    send: (body) => sent.push(body),
    schedule: clock.schedule,
  });
  return { sent, clock, reporter };
}

describe("partial leads from the runtime", () => {
  it("reports the answers so far when the visitor leaves, once per change", () => {
    const { sent, reporter } = setup();
    reporter.update({ answers: {}, contacts: emptyContacts, finished: false });
    reporter.leave();
    expect(sent).toEqual([]);

    reporter.update({
      answers: { 1: { answers: [11] } },
      contacts: emptyContacts,
      finished: false,
    });
    reporter.leave();
    reporter.leave();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      session: SESSION,
      version: branchingQuiz.version,
      answers: [{ question: 1, answers: [11] }],
      utm: { utm_source: "ads" },
    });
    expect(sent[0]).not.toHaveProperty("submission_id");
  });

  it("reports after 30 minutes without activity", async () => {
    const { sent, clock, reporter } = setup();
    reporter.update({
      answers: {},
      contacts: { ...emptyContacts, name: "Olena" },
      finished: false,
    });
    expect(clock.delays()).toEqual([PARTIAL_IDLE_MS]);
    await clock.runNext();
    expect(sent.map((body) => body.contacts.name)).toEqual(["Olena"]);
  });

  it("never reports once the lead is on its way, nor without a session", () => {
    const finished = setup();
    finished.reporter.update({
      answers: { 1: { answers: [11] } },
      contacts: emptyContacts,
      finished: true,
    });
    finished.reporter.leave();
    expect(finished.sent).toEqual([]);
    expect(finished.clock.delays()).toEqual([]);

    const anonymous = setup(null);
    anonymous.reporter.update({
      answers: { 1: { answers: [11] } },
      contacts: emptyContacts,
      finished: false,
    });
    anonymous.reporter.leave();
    expect(anonymous.sent).toEqual([]);
  });
});
