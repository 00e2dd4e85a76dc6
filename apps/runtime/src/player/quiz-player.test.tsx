import { texts as pl } from "@leadquiz/i18n/visitor/pl";
import { fireEvent, screen, waitFor } from "@testing-library/preact";
import { describe, expect, it } from "vitest";
import {
  bonus,
  branchingQuiz,
  choiceQuestion,
  consultant,
  growingDiscount,
  question,
  quiz,
  result,
} from "../test/fixtures";
import { isDisabled, renderQuiz } from "../test/render";

const next = () => screen.getByRole("button", { name: "Next" });
const heading = () => screen.getByRole("heading", { level: 2 });

async function fillContacts(user: ReturnType<typeof renderQuiz>["user"]) {
  await user.type(screen.getByLabelText(/^Name/), "Ann");
  await user.type(screen.getByLabelText(/^Phone/), "+48601234567");
  await user.click(screen.getByRole("checkbox", { name: /privacy policy/ }));
}

describe("the flow through the engine", () => {
  it("takes the house path: the garden question, then the formula result", async () => {
    const { user, onEvent } = renderQuiz(branchingQuiz);
    expect(heading().textContent).toBe("How much will your renovation cost?");
    await user.click(screen.getByRole("button", { name: "Start" }));
    expect(heading().textContent).toContain("What do you live in?");
    await user.click(screen.getByRole("radio", { name: "House" }));
    await user.click(next());
    expect(heading().textContent).toBe("Garden area?");
    fireEvent.input(screen.getByRole("slider"), { target: { value: "150" } });
    expect(screen.getByText("150 m²")).toBeTruthy();
    await user.click(next());
    expect(heading().textContent).toBe("Which extras?");
    await user.click(screen.getByRole("checkbox", { name: "Painting" }));
    await user.click(screen.getByRole("checkbox", { name: "Plumbing" }));
    await user.click(next());
    expect(heading().textContent).toBe("Your result");
    // 100 × 2 + (10 + 30) = 240, a price in the quiz currency.
    expect(screen.getByTestId("result-value-1").textContent).toBe("240 $");
    expect(screen.getByText("House renovation")).toBeTruthy();
    const types = onEvent.mock.calls.map(([event]) => event.type).filter((t) => t !== "step");
    expect(types).toEqual(["view", "start", "answer", "answer", "answer", "result"]);
  });

  it("takes the flat path: the floor question, then the sum's output row", async () => {
    const { user } = renderQuiz(branchingQuiz);
    await user.click(screen.getByRole("button", { name: "Start" }));
    await user.click(screen.getByRole("radio", { name: "Flat" }));
    await user.click(next());
    expect(heading().textContent).toContain("Which floor?");
    await user.click(screen.getByRole("radio", { name: "3 of 5" }));
    await user.click(next());
    await user.click(screen.getByRole("checkbox", { name: "Painting" }));
    await user.click(next());
    // 50 + 3 + 10 = 63 → the "Premium" row.
    expect(screen.getByText("Flat renovation")).toBeTruthy();
    expect(screen.getByTestId("result-value-2").textContent).toBe("Premium");
  });

  it("goes back to the previous question with the answer kept", async () => {
    const { user } = renderQuiz(branchingQuiz);
    await user.click(screen.getByRole("button", { name: "Start" }));
    await user.click(screen.getByRole("radio", { name: "Flat" }));
    await user.click(next());
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect((screen.getByRole("radio", { name: "Flat" }) as HTMLInputElement).checked).toBe(true);
  });

  it("moves focus to the new screen's heading", async () => {
    const { user } = renderQuiz(branchingQuiz);
    await user.click(screen.getByRole("button", { name: "Start" }));
    expect(document.activeElement).toBe(heading());
    await user.click(screen.getByRole("radio", { name: "House" }));
    await user.click(next());
    expect(document.activeElement?.textContent).toBe("Garden area?");
  });

  it("shows the step and progress from the engine, live", async () => {
    const { user } = renderQuiz(branchingQuiz);
    await user.click(screen.getByRole("button", { name: "Start" }));
    // Reachable now: Q1 and Q4 (Q2 and Q3 wait for Q1's answer).
    expect(screen.getByText("Step 1 of 2")).toBeTruthy();
    const bar = screen.getByRole("progressbar");
    expect(bar.getAttribute("aria-valuenow")).toBe("0");
    await user.click(screen.getByRole("radio", { name: "House" }));
    // House makes Q2 reachable: 1 of 3 answered.
    expect(screen.getByText("Step 1 of 3")).toBeTruthy();
    expect(bar.getAttribute("aria-valuenow")).toBe("33");
  });
});

describe("required questions", () => {
  it("keeps Next disabled until answered and says why when pressed", async () => {
    const { user } = renderQuiz(branchingQuiz, { initialAnswers: {} });
    await user.click(screen.getByRole("button", { name: "Start" }));
    expect(isDisabled(next())).toBe(true);
    await user.click(next());
    expect(heading().textContent).toContain("What do you live in?");
    expect(screen.getByText("Please answer this question to continue")).toBeTruthy();
    expect(next().getAttribute("aria-describedby")).toBeTruthy();
    await user.click(screen.getByRole("radio", { name: "House" }));
    expect(isDisabled(next())).toBe(false);
  });

  it("lets an optional question be skipped", async () => {
    const { user } = renderQuiz(quiz({ questions: [question(1, 4), question(2, 4)] }));
    expect(isDisabled(next())).toBe(false);
    await user.click(next());
    expect(heading().textContent).toBe("Question 2");
  });
});

describe("keyboard", () => {
  it("chooses with space and moves on with enter", async () => {
    const { user } = renderQuiz(
      quiz({ questions: [choiceQuestion(1, ["Red", "Blue"], [0, 0]), question(2, 4)] }),
    );
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole("radio", { name: "Red" }));
    await user.keyboard(" ");
    expect((screen.getByRole("radio", { name: "Red" }) as HTMLInputElement).checked).toBe(true);
    await user.keyboard("{Enter}");
    expect(heading().textContent).toBe("Question 2");
  });

  it("submits a text answer with enter in the own-answer field", async () => {
    const q = choiceQuestion(1, ["Red"], [0], { config: { own_answer: true }, required: true });
    const { user } = renderQuiz(quiz({ questions: [q, question(2, 4)] }));
    await user.type(screen.getByRole("textbox", { name: "Other" }), "Green{Enter}");
    expect(heading().textContent).toBe("Question 2");
  });
});

describe("design on the page", () => {
  it("plays a background video behind the card, muted and looped, instead of a CSS image", () => {
    const { container } = renderQuiz(
      quiz({ design: { ...quiz().design, background_image: "https://cdn.example.com/bg.mp4" } }),
    );
    const video = container.querySelector("video.lq-bg-video") as HTMLVideoElement;
    expect(video.getAttribute("src")).toBe("https://cdn.example.com/bg.mp4");
    expect(video.muted && video.loop && video.autoplay).toBe(true);
    const root = container.querySelector(".lq-root") as HTMLElement;
    expect(root.style.getPropertyValue("--lq-bg-image")).toBe("");
  });

  it("puts the start page's media where the start layout says", () => {
    const withLayout = (start_layout: "beside_right" | "background") =>
      quiz({
        design: { ...quiz().design, start_layout },
        start_page: { ...quiz().start_page, enabled: true, media: "https://cdn.example.com/a.jpg" },
      });
    const right = renderQuiz(withLayout("beside_right"));
    expect(
      right.container.querySelector(".lq-start--beside_right .lq-start__media"),
    ).not.toBeNull();
    right.unmount();
    const behind = renderQuiz(withLayout("background"));
    expect(behind.container.querySelector(".lq-start--background .lq-start__media")).not.toBeNull();
  });
});

describe("auto-advance", () => {
  const autoQuiz = (first = choiceQuestion(1, ["Red", "Blue"], [0, 0])) =>
    quiz({
      design: { ...quiz().design, auto_advance: true },
      questions: [first, question(2, 4)],
    });

  it("moves on a moment after an answer is clicked, with the answer kept", async () => {
    const { user } = renderQuiz(autoQuiz());
    await user.click(screen.getByRole("radio", { name: "Blue" }));
    expect(heading().textContent).toBe("Question 1");
    await waitFor(() => expect(heading().textContent).toBe("Question 2"));
    await user.click(screen.getByRole("button", { name: "Back" }));
    expect((screen.getByRole("radio", { name: "Blue" }) as HTMLInputElement).checked).toBe(true);
  });

  it("does not carry a keyboard user past the question while they pick with the arrows", async () => {
    const { user } = renderQuiz(autoQuiz());
    await user.tab();
    await user.keyboard(" ");
    // An arrow key moves the choice with a click event but no pointer (as browsers do).
    fireEvent.click(screen.getByRole("radio", { name: "Blue" }));
    expect((screen.getByRole("radio", { name: "Blue" }) as HTMLInputElement).checked).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(heading().textContent).toBe("Question 1");
    await user.keyboard("{Enter}");
    expect(heading().textContent).toBe("Question 2");
  });

  it("waits for Next on a multiple-choice question and on the own answer", async () => {
    const multi = choiceQuestion(1, ["Red", "Blue"], [0, 0], {
      config: { multi_answers: true, own_answer: true },
    });
    const { user } = renderQuiz(autoQuiz(multi));
    await user.click(screen.getByRole("checkbox", { name: "Red" }));
    await user.click(screen.getByRole("checkbox", { name: "Other" }));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(heading().textContent).toBe("Question 1");
  });

  it("is off unless the quiz turns it on", async () => {
    const { user } = renderQuiz(
      quiz({ questions: [choiceQuestion(1, ["Red", "Blue"], [0, 0]), question(2, 4)] }),
    );
    await user.click(screen.getByRole("radio", { name: "Blue" }));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(heading().textContent).toBe("Question 1");
  });
});

describe("additions", () => {
  it("shows each addition by its display rule and grows the discount with the answers", async () => {
    const additions = [growingDiscount, consultant, bonus];
    const { user } = renderQuiz({ ...branchingQuiz, additions });
    // Start page: only "all" (the bonus).
    expect(screen.getByText("Free measurement")).toBeTruthy();
    expect(screen.queryByTestId("discount")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Start" }));
    expect(screen.getByTestId("discount").textContent).toBe("Your discount: 0%");
    await user.click(screen.getByRole("radio", { name: "Flat" }));
    // 1 of 3 reachable answered: floor(15 × 1 / 3) = 5.
    expect(screen.getByTestId("discount").textContent).toBe("Your discount: 5%");
    await user.click(next());
    await user.click(screen.getByRole("radio", { name: "2 of 5" }));
    expect(screen.getByTestId("discount").textContent).toBe("Your discount: 10%");
    expect(screen.queryByText("Anna Nowak")).toBeNull();
    await user.click(next());
    await user.click(screen.getByRole("checkbox", { name: "Flooring" }));
    expect(screen.getByTestId("discount").textContent).toBe("Your discount: 15%");
    await user.click(next());
    await user.click(next()); // results → form
    expect(screen.getByText("Anna Nowak")).toBeTruthy();
    expect(screen.getByText("Designer")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Anna Nowak" })).toBeTruthy();
  });
});

describe("results and the contact form", () => {
  const oneQuestion = [choiceQuestion(1, ["A", "B"], [3, 4])];
  const sum = result(1, { type: 3, show_total: true, unit: "kilogram", title: "Weight" });

  it("shows the results before the form, then sends the lead", async () => {
    const { user, submit } = renderQuiz(quiz({ questions: oneQuestion, results: [sum] }));
    await user.click(screen.getByRole("radio", { name: "B" }));
    await user.click(next());
    expect(screen.getByTestId("result-value-1").textContent).toBe("4 kg");
    await user.click(next());
    expect(heading().textContent).toBe("Where should we send the result?");
    await fillContacts(user);
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(heading().textContent).toBe("Thank you!"));
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it("shows the results after the form when so set", async () => {
    const settings = { ...quiz().results_settings, position: "after_form" as const };
    const { user } = renderQuiz(
      quiz({ questions: oneQuestion, results: [sum], results_settings: settings }),
    );
    await user.click(screen.getByRole("radio", { name: "A" }));
    await user.click(next());
    expect(heading().textContent).toBe("Where should we send the result?");
    await fillContacts(user);
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(heading().textContent).toBe("Your result"));
    expect(screen.getByTestId("result-value-1").textContent).toBe("3 kg");
    expect(screen.queryByRole("button", { name: "Back" })).toBeNull();
    await user.click(next());
    expect(heading().textContent).toBe("Thank you!");
  });

  it("leaves for the thank-you address after the lead", async () => {
    const contactForm = { ...quiz().contact_form, thank_you_url: "https://example.com/thanks" };
    const { user, navigate } = renderQuiz(
      quiz({ questions: [question(1, 4)], contact_form: contactForm }),
    );
    await user.click(next());
    await fillContacts(user);
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("https://example.com/thanks"));
    expect(screen.getByText("Redirecting…")).toBeTruthy();
  });

  it("follows the auto-transition link and says when the lead waits offline", async () => {
    const contactForm = { ...quiz().contact_form, auto_redirect_url: "https://example.com/next" };
    const { user, navigate } = renderQuiz(
      quiz({ questions: [question(1, 4)], contact_form: contactForm }),
      { outcome: { status: "queued" } },
    );
    await user.click(next());
    await fillContacts(user);
    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith("https://example.com/next"));
    expect(screen.getByText(/saved and will be sent/)).toBeTruthy();
  });
});

describe("languages", () => {
  it("shows a Polish quiz in Polish", async () => {
    const { user } = renderQuiz(
      quiz({ language: "pl", questions: [question(1, 4, { required: true })] }),
      { texts: pl },
    );
    expect(screen.getByRole("button", { name: "Dalej" })).toBeTruthy();
    expect(screen.getByText("Krok 1 z 1")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Dalej" }));
    expect(screen.getByText("Odpowiedz na to pytanie, aby przejść dalej")).toBeTruthy();
  });
});
