import { texts as en } from "@leadquiz/i18n/visitor/en";
import { texts as pl } from "@leadquiz/i18n/visitor/pl";
import { screen } from "@testing-library/preact";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { hydrateQuiz, mountQuiz } from "./mount";
import { renderQuizToString } from "./server";
import { branchingQuiz, question, quiz } from "./test/fixtures";

describe("server rendering and hydration", () => {
  it("renders the first screen to a string and hydrates it without changes or warnings", async () => {
    const html = renderQuizToString(branchingQuiz, en);
    expect(html).toContain("How much will your renovation cost?");
    expect(html).toContain("--lq-btn-bg:#1d4ed8");
    const element = document.createElement("div");
    element.innerHTML = html;
    document.body.appendChild(element);
    const markupBefore = element.innerHTML;
    const headingBefore = element.querySelector("h2");
    const errors = vi.spyOn(console, "error");
    const warnings = vi.spyOn(console, "warn");
    const mounted = await hydrateQuiz(element, {
      quiz: branchingQuiz,
      texts: en,
      onSubmit: vi.fn(),
      storage: null,
    });
    // Taken over as it was; the root now says the player is live (clicks work).
    expect(element.firstElementChild?.hasAttribute("data-lq-hydrated")).toBe(true);
    expect(element.innerHTML.replace(' data-lq-hydrated=""', "")).toBe(markupBefore);
    expect(element.querySelector("h2")).toBe(headingBefore);
    expect(errors).not.toHaveBeenCalled();
    expect(warnings).not.toHaveBeenCalled();
    // The hydrated markup is live.
    await userEvent.click(screen.getByRole("button", { name: "Start" }));
    expect(screen.getByRole("heading", { level: 2 }).textContent).toContain("What do you live in?");
    mounted.unmount();
    element.remove();
  });

  it("mounts with the quiz language's texts loaded on demand", async () => {
    const element = document.createElement("div");
    document.body.appendChild(element);
    const mounted = await mountQuiz(element, {
      quiz: quiz({ language: "pl", questions: [question(1, 4)] }),
      onSubmit: vi.fn(),
      storage: null,
    });
    expect(screen.getByRole("button", { name: pl.next })).toBeTruthy();
    mounted.unmount();
    element.remove();
  });

  it("re-sends a pending lead of the quiz on mount", async () => {
    const pending = {
      submission_id: "11111111-2222-4333-8444-555555555555",
      session: null,
      version: 1,
      answers: [],
      contacts: { name: "A", email: "", phone: "", other: "", other2: "", messengers: {} },
      consent: true,
      utm: {},
      referrer: "",
      page_url: "",
      extra: {},
    };
    localStorage.setItem(`leadquiz:pending:${branchingQuiz.public_key}`, JSON.stringify([pending]));
    const onSubmit = vi.fn(async () => ({ lead: 1, results: [], redirect_url: null }));
    const element = document.createElement("div");
    const mounted = await mountQuiz(element, { quiz: branchingQuiz, texts: en, onSubmit });
    await vi.waitFor(() => expect(onSubmit).toHaveBeenCalledWith(pending));
    await vi.waitFor(() =>
      expect(localStorage.getItem(`leadquiz:pending:${branchingQuiz.public_key}`)).toBeNull(),
    );
    mounted.unmount();
  });
});
