import type { LeadResponse, LeadSubmission } from "@leadquiz/contract";
import { texts as en } from "@leadquiz/i18n/visitor/en";
import { render, screen, waitFor } from "@testing-library/preact";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { SubmitOutcome } from "../submission-queue";
import { field, question, quiz } from "../test/fixtures";
import { manualClock } from "../test/manual-clock";
import { okResponse } from "../test/render";
import { QuizPlayer } from "./quiz-player";

type Listener = (submission: LeadSubmission, response: LeadResponse | null) => void;

function setup(submit: (s: LeadSubmission) => Promise<SubmitOutcome>) {
  const listeners = new Set<Listener>();
  const user = userEvent.setup();
  const submitSpy = vi.fn(submit);
  // The sending wait runs out only when the test says so (clock.runNext), never by itself.
  const clock = manualClock();
  render(
    <QuizPlayer
      quiz={quiz({
        questions: [question(1, 4)],
        fields: [field(1, 1, { required: true }), field(2, 3)],
      })}
      texts={en}
      submit={submitSpy}
      sendingWaitMs={50}
      schedule={clock.schedule}
      session={() => "s-9"}
      watchAcknowledged={(listener) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      }}
      navigate={() => undefined}
    />,
  );
  const fill = async () => {
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.type(screen.getByLabelText(/^Name/), "Ann");
    await user.type(screen.getByLabelText(/^E-mail/), "ann@example.com");
    await user.click(screen.getByRole("checkbox", { name: /I agree/ }));
    await user.click(screen.getByRole("button", { name: "Send" }));
  };
  const ack = (response: LeadResponse | null) => {
    const submission = submitSpy.mock.calls[0]?.[0];
    if (submission) for (const listener of listeners) listener(submission, response);
  };
  return { user, submit: submitSpy, fill, ack, clock };
}

describe("sending a lead", () => {
  it("shows Sending…, then the thank-you screen with the offline note while retries go on", async () => {
    const { fill, submit, ack, clock } = setup(() => new Promise(() => undefined));
    await fill();
    expect(await screen.findByRole("button", { name: "Sending…" })).toBeTruthy();
    expect(clock.delays()).toEqual([50]);
    await clock.runNext(); // no answer within the sending wait
    expect(await screen.findByText(en.thank_you_title)).toBeTruthy();
    expect(screen.getByText(en.saved_offline)).toBeTruthy();
    expect(submit.mock.calls[0]?.[0].session).toBe("s-9");
    ack(okResponse); // the queue got it through later
    await waitFor(() => expect(screen.queryByText(en.saved_offline)).toBeNull());
  });

  it("puts the server's per-field errors on the form and sends again once corrected", async () => {
    let outcome: SubmitOutcome = {
      status: "rejected",
      code: 400,
      body: {
        "contacts.email": ["This address does not receive mail"],
        "answers.1.text": ["Too long"],
      },
    };
    const { fill, submit, user } = setup(async () => outcome);
    await fill();
    expect(await screen.findByText("This address does not receive mail")).toBeTruthy();
    const email = screen.getByLabelText(/^E-mail/);
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole("alert").textContent).toBe("Too long");
    const firstId = submit.mock.calls[0]?.[0].submission_id;
    await user.clear(email);
    await user.type(email, "ann@example.org");
    expect(screen.queryByText("This address does not receive mail")).toBeNull();
    outcome = { status: "sent", response: okResponse };
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText(en.thank_you_title)).toBeTruthy();
    expect(screen.queryByText(en.saved_offline)).toBeNull();
    // A refused submission is a new one once corrected (the server stored nothing).
    expect(submit.mock.calls[1]?.[0].submission_id).not.toBe(firstId);
  });

  it("says why when the quiz closed (410), keeps the form filled and sends nothing more", async () => {
    const reason = "The owner has closed this quiz, so it no longer takes answers.";
    const { fill, submit, user } = setup(async () => ({
      status: "closed",
      body: { detail: reason, code: "quiz_closed", reason: "hidden" },
    }));
    await fill();
    expect((await screen.findByRole("alert")).textContent).toBe(reason);
    expect(screen.getByText(en.kept_in_browser)).toBeTruthy();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("Ann");
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe("ann@example.com");
    const send = screen.getByRole("button", { name: "Send" });
    expect(send.getAttribute("aria-disabled")).toBe("true");
    await user.type(screen.getByLabelText(/^Name/), "a");
    await user.click(send);
    expect(screen.getByText(en.kept_in_browser)).toBeTruthy();
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it("never says sent for a lead refused for the address's rate (429): says so, keeps the answers", async () => {
    let outcome: SubmitOutcome = {
      status: "rejected",
      code: 429,
      body: { detail: "Too many requests…", code: "rate_limited" },
    };
    const { fill, submit, user } = setup(async () => outcome);
    await fill();
    expect((await screen.findByRole("alert")).textContent).toBe(en.lead_refused);
    expect(screen.queryByText(en.thank_you_title)).toBeNull();
    expect(screen.queryByText(en.thank_you_text)).toBeNull();
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe("Ann");
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe("ann@example.com");
    // Sent again later, as a new submission: now it goes through.
    outcome = { status: "sent", response: okResponse };
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText(en.thank_you_title)).toBeTruthy();
    expect(submit).toHaveBeenCalledTimes(2);
    expect(submit.mock.calls[1]?.[0].submission_id).not.toBe(
      submit.mock.calls[0]?.[0].submission_id,
    );
  });

  it("brings the form back with the refusal when a slow server answers 429 after the visitor moved on", async () => {
    let refuse: (outcome: SubmitOutcome) => void = () => undefined;
    const { fill, clock } = setup(
      () =>
        new Promise((resolve) => {
          refuse = resolve;
        }),
    );
    await fill();
    await clock.runNext(); // no answer within the sending wait
    expect(await screen.findByText(en.thank_you_title)).toBeTruthy();
    refuse({ status: "rejected", code: 429 });
    expect((await screen.findByRole("alert")).textContent).toBe(en.lead_refused);
    expect(screen.queryByText(en.thank_you_title)).toBeNull();
  });

  it("brings the form back when a slow server refuses the lead after the visitor moved on", async () => {
    let refuse: (outcome: SubmitOutcome) => void = () => undefined;
    const { fill, clock } = setup(
      () =>
        new Promise((resolve) => {
          refuse = resolve;
        }),
    );
    await fill();
    await clock.runNext(); // no answer within the sending wait
    expect(await screen.findByText(en.thank_you_title)).toBeTruthy();
    refuse({ status: "rejected", code: 400, body: { "contacts.name": ["Name looks wrong"] } });
    expect(await screen.findByText("Name looks wrong")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send" })).toBeTruthy();
  });
});

describe('results gated behind the form (docs/security.md "Gated results")', () => {
  const gatedResponse: LeadResponse = {
    lead: 7,
    results: [
      {
        id: 3,
        title: "Full renovation",
        description: "We will call you about the details.",
        additional_description: "",
        media: null,
        value: 240,
        unit: null,
        show_total: true,
        button_text: "",
        button_link: "",
      },
    ],
    redirect_url: null,
  };
  const gatedQuiz = quiz({
    questions: [question(1, 4)],
    fields: [field(1, 1, { required: true })],
    // What the server publishes for results after the form: no result to compute here.
    results: [],
    results_settings: {
      show_several: false,
      position: "after_form",
      output_format: "points",
      general_formula: [],
    },
  });

  function renderGated(submit: (s: LeadSubmission) => Promise<SubmitOutcome>) {
    const clock = manualClock();
    const user = userEvent.setup();
    render(
      <QuizPlayer
        quiz={gatedQuiz}
        texts={en}
        submit={submit}
        sendingWaitMs={50}
        schedule={clock.schedule}
        navigate={() => undefined}
      />,
    );
    const fill = async () => {
      await user.click(screen.getByRole("button", { name: "Next" }));
      await user.type(screen.getByLabelText(/^Name/), "Ann");
      await user.click(screen.getByRole("checkbox", { name: /I agree/ }));
      await user.click(screen.getByRole("button", { name: "Send" }));
    };
    return { user, clock, fill };
  }

  it("shows the result the lead's answer brings, then the thank-you screen", async () => {
    const { user, fill } = renderGated(async () => ({ status: "sent", response: gatedResponse }));
    await fill();
    expect(await screen.findByRole("heading", { name: "Full renovation" })).toBeTruthy();
    expect(screen.getByText("We will call you about the details.")).toBeTruthy();
    expect(screen.getByTestId("result-value-3").textContent).toContain("240");
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText(en.thank_you_title)).toBeTruthy();
  });

  it("shows the result of an answer that came after the sending wait", async () => {
    let answer: (outcome: SubmitOutcome) => void = () => undefined;
    const { clock, fill } = renderGated(() => new Promise((resolve) => (answer = resolve)));
    await fill();
    await clock.runNext(); // no answer within the sending wait
    expect(await screen.findByText(en.thank_you_title)).toBeTruthy();
    answer({ status: "sent", response: gatedResponse });
    expect(await screen.findByRole("heading", { name: "Full renovation" })).toBeTruthy();
  });
});
