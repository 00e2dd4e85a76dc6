import type { PublicQuestion } from "@leadquiz/contract";
import { fireEvent, screen } from "@testing-library/preact";
import { describe, expect, it } from "vitest";
import { choiceQuestion, question, quiz } from "../test/fixtures";
import { isDisabled, renderQuiz } from "../test/render";

const next = () => screen.getByRole("button", { name: "Next" });
const heading = () => screen.getByRole("heading", { level: 2 });
const after = question(99, 4, { title: "The end" });
const one = (q: PublicQuestion) =>
  renderQuiz(quiz({ questions: [{ ...q, required: true }, after] }));

describe("List and Cards", () => {
  it("single choice: one radio at a time, in a fieldset named by the title", async () => {
    const { user } = one(choiceQuestion(1, ["A", "B"], [1, 2]));
    const group = screen.getByRole("group", { name: /Question 1/ });
    expect(group.tagName).toBe("FIELDSET");
    await user.click(screen.getByRole("radio", { name: "A" }));
    await user.click(screen.getByRole("radio", { name: "B" }));
    expect((screen.getByRole("radio", { name: "A" }) as HTMLInputElement).checked).toBe(false);
    expect(isDisabled(next())).toBe(false);
  });

  it("multiple choice: checkboxes, several kept", async () => {
    const { user } = one(
      choiceQuestion(1, ["A", "B"], [1, 2], { config: { multi_answers: true } }),
    );
    await user.click(screen.getByRole("checkbox", { name: "A" }));
    await user.click(screen.getByRole("checkbox", { name: "B" }));
    expect(
      screen.getAllByRole("checkbox").filter((c) => (c as HTMLInputElement).checked),
    ).toHaveLength(2);
    await user.click(screen.getByRole("checkbox", { name: "A" }));
    await user.click(screen.getByRole("checkbox", { name: "B" }));
    expect(isDisabled(next())).toBe(true);
  });

  it("cards show answer images in the image format, with reserved size", () => {
    const q = choiceQuestion(1, ["A"], [1], { type: 2, config: { image_format: "portrait" } });
    const withImage = {
      ...q,
      answers: q.answers.map((a) => ({ ...a, image: "https://cdn.example.com/a.jpg" })),
    };
    const { container } = one(withImage);
    const img = container.querySelector("img.lq-choice__img");
    expect(img?.getAttribute("width")).toBe("240");
    expect(img?.getAttribute("height")).toBe("320");
    expect(container.querySelector(".lq-choices--cards.lq-ratio--portrait")).toBeTruthy();
  });

  it("places the question's media by image position", () => {
    const q = choiceQuestion(1, ["A"], [1], {
      media: "https://cdn.example.com/q.jpg",
      config: { image_position: "right" },
    });
    const { container } = one(q);
    expect(container.querySelector(".lq-question--media-right img.lq-media")).toBeTruthy();
  });

  it("own answer: typing selects it and clears the other choice", async () => {
    const { user } = one(choiceQuestion(1, ["A"], [1], { config: { own_answer: true } }));
    await user.click(screen.getByRole("radio", { name: "A" }));
    await user.type(screen.getByRole("textbox", { name: "Other" }), "Mine");
    expect((screen.getByRole("radio", { name: "A" }) as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole("radio", { name: "Other" }) as HTMLInputElement).checked).toBe(true);
    expect(isDisabled(next())).toBe(false);
  });

  it("yes/no: two buttons side by side, texts from the answers or the language", () => {
    const q = choiceQuestion(1, ["", ""], [1, 0], { config: { yes_no: true } });
    const { container } = one(q);
    expect(container.querySelector(".lq-choices--yesno")).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Yes" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "No" })).toBeTruthy();
  });
});

describe("Select", () => {
  it("single: a native select named by the title", async () => {
    const { user } = one(choiceQuestion(1, ["A", "B"], [1, 2], { type: 3 }));
    const select = screen.getByRole("combobox", { name: /Question 1/ });
    expect(isDisabled(next())).toBe(true);
    await user.selectOptions(select, "B");
    expect(isDisabled(next())).toBe(false);
  });

  it("own answer through an 'Other' option", async () => {
    const { user } = one(choiceQuestion(1, ["A"], [1], { type: 3, config: { own_answer: true } }));
    await user.selectOptions(screen.getByRole("combobox"), "Other");
    await user.type(screen.getByRole("textbox", { name: "Other" }), "Mine");
    expect(isDisabled(next())).toBe(false);
  });

  it("multiple: checkboxes", async () => {
    const { user } = one(
      choiceQuestion(1, ["A", "B"], [1, 2], { type: 3, config: { multi_answers: true } }),
    );
    await user.click(screen.getByRole("checkbox", { name: "B" }));
    expect(isDisabled(next())).toBe(false);
  });
});

describe("Text", () => {
  it("a labelled text area with the question's placeholder", async () => {
    const { user } = one(question(1, 4, { config: { placeholder: "Your story" } }));
    const box = screen.getByRole("textbox", { name: /Question 1/ });
    expect(box.getAttribute("placeholder")).toBe("Your story");
    await user.type(box, "   ");
    expect(isDisabled(next())).toBe(true);
    await user.type(box, "Hi");
    await user.click(next());
    expect(heading().textContent).toBe("The end");
  });
});

describe("Rating", () => {
  it.each([2, 7, 10])("shows %i points", async (points) => {
    const { user } = one(question(1, 5, { config: { quantity_of_answers: points } }));
    expect(screen.getAllByRole("radio")).toHaveLength(points);
    await user.click(screen.getByRole("radio", { name: `${points} of ${points}` }));
    expect(isDisabled(next())).toBe(false);
  });
});

describe("Date", () => {
  it("single date with the native picker", () => {
    const { container } = one(question(1, 6));
    const input = container.querySelector("input[type=date]") as HTMLInputElement;
    fireEvent.input(input, { target: { value: "2024-05-01" } });
    expect(isDisabled(next())).toBe(false);
  });

  it("date and time", () => {
    const { container } = one(question(1, 6, { config: { time: true } }));
    const input = container.querySelector("input[type=datetime-local]") as HTMLInputElement;
    fireEvent.input(input, { target: { value: "2024-05-01T10:30" } });
    expect(isDisabled(next())).toBe(false);
  });

  it("a range needs both ends in order", () => {
    one(question(1, 6, { config: { date_range: true } }));
    const from = screen.getByLabelText("From");
    const to = screen.getByLabelText("To");
    fireEvent.input(from, { target: { value: "2024-05-10" } });
    expect(isDisabled(next())).toBe(true);
    fireEvent.input(to, { target: { value: "2024-05-01" } });
    expect(screen.getByText("The end must not be before the start")).toBeTruthy();
    expect(isDisabled(next())).toBe(true);
    fireEvent.input(to, { target: { value: "2024-05-12" } });
    expect(isDisabled(next())).toBe(false);
  });
});

describe("Slider", () => {
  it("one value with step and unit; its shown value is the answer", async () => {
    const { user } = one(
      question(1, 7, { config: { min: 10, max: 50, step: 5, unit: "kilogram" } }),
    );
    const slider = screen.getByRole("slider", { name: /Question 1/ });
    expect(slider.getAttribute("step")).toBe("5");
    expect(slider.getAttribute("aria-valuetext")).toBe("10 kg");
    fireEvent.input(slider, { target: { value: "35" } });
    expect(screen.getAllByText("35 kg").length).toBeGreaterThan(0);
    await user.click(next());
    expect(heading().textContent).toBe("The end");
  });

  it("two-sided: two thumbs that cannot cross", () => {
    one(question(1, 7, { config: { min: 0, max: 100, step: 10, two_sided: true, unit: "price" } }));
    const from = screen.getByRole("slider", { name: "From" });
    const to = screen.getByRole("slider", { name: "To" });
    fireEvent.input(to, { target: { value: "40" } });
    fireEvent.input(from, { target: { value: "70" } });
    expect(from.getAttribute("aria-valuetext")).toBe("40 $");
    expect(screen.getByText("40 $ – 40 $")).toBeTruthy();
  });
});
