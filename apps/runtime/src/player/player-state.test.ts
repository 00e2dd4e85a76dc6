import { describe, expect, it } from "vitest";
import type { SubmitOutcome } from "../submission-queue";
import { question, quiz } from "../test/fixtures";
import { okResponse } from "../test/render";
import {
  canGoBack,
  initialPlayerState,
  type PlayerEvent,
  type PlayerState,
  playerReducer,
} from "./player-state";

/** One question, then the form, then thanks (no start page, results off). */
const oneQuestion = quiz({ questions: [question(1, 4)] });
const run = (events: PlayerEvent[], state = initialPlayerState(oneQuestion)): PlayerState =>
  events.reduce((current, event) => playerReducer(oneQuestion, current, event), state);

const toForm: PlayerEvent[] = [{ type: "leave_question", question: 1, value: "flat" }];
/** The question answered, the form sent as submission "a", and its first outcome. */
const sentWith = (outcome: SubmitOutcome | null): PlayerEvent[] => [
  ...toForm,
  { type: "send", submissionId: "a" },
  { type: "first_outcome", submissionId: "a", outcome },
];
const refusal: SubmitOutcome = {
  status: "rejected",
  code: 400,
  body: { "contacts.email": ["No such mailbox"], "contacts.name": ["Too short"] },
};

describe("the player's state machine", () => {
  it("walks question → form → thanks and keeps the answer", () => {
    const state = run(sentWith({ status: "sent", response: okResponse }));
    expect(state.step.kind).toBe("thank_you");
    expect(state.answers).toEqual({ 1: "flat" });
    expect(state.started).toBe(true);
    expect(state.lead).toMatchObject({ phase: "sent", offline: false, response: okResponse });
    expect(canGoBack(oneQuestion, state)).toBe(false);
  });

  it("moves on offline when the sending wait runs out, and clears the note when it gets through", () => {
    const waited = run(sentWith(null));
    expect(waited.step.kind).toBe("thank_you");
    expect(waited.lead).toMatchObject({ phase: "sent", offline: true, response: null });
    const late = run(
      [
        {
          type: "late_outcome",
          submissionId: "a",
          outcome: { status: "sent", response: okResponse },
        },
      ],
      waited,
    );
    // The server's answer is kept for the screens after the form.
    expect(late.lead).toMatchObject({ phase: "sent", offline: false, response: okResponse });
    expect(run([{ type: "acknowledged", submissionId: "a" }], waited).lead).toMatchObject({
      offline: false,
    });
    expect(run([{ type: "acknowledged", submissionId: "other" }], waited)).toBe(waited);
  });

  it("brings the form back with the server's errors, even after the visitor moved on", () => {
    const now = run(sentWith(refusal));
    expect(now.step.kind).toBe("form");
    expect(now.lead).toEqual({
      phase: "editing",
      serverErrors: { email: "No such mailbox", name: "Too short" },
    });
    const late = run([
      ...sentWith(null),
      { type: "late_outcome", submissionId: "a", outcome: refusal },
    ]);
    expect(late.step.kind).toBe("form");
    expect(late.lead.phase).toBe("editing");
    expect(canGoBack(oneQuestion, late)).toBe(true);
  });

  it("drops a server error once its field changes, and formats only the phone still typed", () => {
    const refused = run([
      ...sentWith(refusal),
      { type: "change_contacts", patch: { email: "ann@example.org", phone: "0501234567" } },
    ]);
    expect(refused.lead).toEqual({ phase: "editing", serverErrors: { name: "Too short" } });
    const formatted = run(
      [{ type: "format_phone", typed: "0501234567", formatted: "+380 50 123 4567" }],
      refused,
    );
    expect(formatted.contacts.phone).toBe("+380 50 123 4567");
    const retyped = run(
      [
        { type: "change_contacts", patch: { phone: "050" } },
        { type: "format_phone", typed: "0501234567", formatted: "+380 50 123 4567" },
      ],
      refused,
    );
    expect(retyped.contacts.phone).toBe("050");
  });

  it("ignores a second send while sending and an outcome of another submission", () => {
    const sending = run([...toForm, { type: "send", submissionId: "a" }]);
    expect(run([{ type: "send", submissionId: "b" }], sending)).toBe(sending);
    expect(run([{ type: "first_outcome", submissionId: "b", outcome: null }], sending)).toBe(
      sending,
    );
  });
});
