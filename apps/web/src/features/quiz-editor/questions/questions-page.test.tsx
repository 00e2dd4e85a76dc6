import { type Answer, type Question, QuestionType } from "@leadquiz/contract";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { testQuestion, testQuiz, testSession } from "../../../test/quiz-fixtures";
import { type FakeHandler, jsonResponse, renderApp, testOwner } from "../../../test/render-app";
import { moveInList } from "./api/commands/question-commands";

const session = testSession();
const user = testOwner;
const quiz = testQuiz({ design: { button_color: "#000000" } });

const question = testQuestion;

const answer = (id: number, questionId: number, text: string): Answer => ({
  id,
  question: questionId,
  sort: id,
  text,
  image: null,
  is_right: false,
  points: 0,
});

function api(questions: Question[], answers: Answer[] = []): FakeHandler {
  return (request, path) => {
    if (path === "/userinfo/") return jsonResponse(200, [user]);
    if (path === "/quiz/7/") return jsonResponse(200, quiz);
    if (path === "/quiz/7/question_list/") return jsonResponse(200, questions);
    const answerList = /^\/question\/(\d+)\/answer_list\/$/.exec(path);
    if (answerList) {
      return jsonResponse(
        200,
        answers.filter((a) => a.question === Number(answerList[1])),
      );
    }
    if (/^\/questionconditionlist\/\d+\/$/.test(path)) return jsonResponse(200, []);
    if (request.method === "PATCH") return jsonResponse(500, { detail: "not expected" });
    return undefined;
  };
}

describe("the questions section", { timeout: 40_000 }, () => {
  it("renumbers the list as the server does when a question moves", () => {
    const list = [question(1, 1, 1, "a"), question(2, 2, 1, "b"), question(3, 3, 1, "c")];
    expect(moveInList(list, 1, 3).map((q) => [q.id, q.sort])).toEqual([
      [2, 1],
      [3, 2],
      [1, 3],
    ]);
    expect(moveInList(list, 3, 1).map((q) => q.id)).toEqual([3, 1, 2]);
  });

  it("offers a slider's range options and sends nothing while the step rule fails", async () => {
    const { requests } = await renderApp({
      url: "/quiz/7/questions",
      session,
      handler: api([question(11, 1, QuestionType.Slider, "Area?")]),
    });
    const card = await screen.findByTestId("question-1");
    await userEvent.click(within(card).getByTestId("question-toggle"));
    // The card's editor is its own chunk (docs/editor.md "Start time").
    expect(await within(card).findByTestId("option-min")).toBeTruthy();
    expect(within(card).getByTestId("option-two_sided")).toBeTruthy();
    expect(within(card).queryByTestId("add-answer")).toBeNull();
    expect(within(card).queryByTestId("option-multi_answers")).toBeNull();
    const step = within(card).getByTestId("option-step");
    fireEvent.change(step, { target: { value: "7" } });
    fireEvent.blur(step);
    expect(
      await within(card).findByText(
        "The difference between the maximum and the minimum must be divisible by the step",
      ),
    ).toBeTruthy();
    expect(requests.filter((r) => r.method === "PATCH")).toEqual([]);
  });

  it("the logic tab: the first question has none; a text question is never offered", async () => {
    await renderApp({
      url: "/quiz/7/questions?tab=logic",
      session,
      handler: api(
        [
          question(11, 1, QuestionType.List, "Budget?"),
          question(12, 2, QuestionType.Text, "Tell us"),
          question(13, 3, QuestionType.Rating, "Sure?"),
        ],
        [answer(101, 11, "Small"), answer(102, 11, "Big")],
      ),
    });
    const first = await screen.findByTestId("logic-question-1");
    expect(within(first).getByText("The first question cannot have conditions")).toBeTruthy();
    const third = screen.getByTestId("logic-question-3");
    await userEvent.click(within(third).getByTestId("condition-ref"));
    // The dropdown's options (Mantine keeps them hidden to jsdom while it animates).
    const offered = () =>
      screen.queryAllByRole("option", { hidden: true }).map((option) => option.textContent);
    await waitFor(() => expect(offered()).toContain("1. Budget?"));
    expect(offered()).not.toContain("2. Tell us");
    expect(screen.getByRole("tab", { name: "Logic setup", selected: true })).toBeTruthy();
  });

  it("offers each referenced type its condition kinds and every operator of the contract", async () => {
    await renderApp({
      url: "/quiz/7/questions?tab=logic",
      session,
      handler: api([
        question(11, 1, QuestionType.Rating, "Sure?"),
        question(12, 2, QuestionType.Slider, "Area?"),
        question(13, 3, QuestionType.Date, "When?"),
        question(14, 4, QuestionType.Text, "More?"),
      ]),
    });
    const last = await screen.findByTestId("logic-question-4");
    /** Opens a select of the last question and answers its options' texts. */
    const open = async (testId: string) => {
      const input = within(last).getByTestId(testId);
      await userEvent.click(input);
      const box = () => document.getElementById(input.getAttribute("aria-controls") ?? "");
      await waitFor(() => expect(box()).toBeTruthy());
      const listbox = box() as HTMLElement;
      const options = within(listbox).queryAllByRole("option", { hidden: true });
      return {
        names: options.map((option) => option.textContent),
        pick: (name: string) =>
          userEvent.click(within(listbox).getByRole("option", { name, hidden: true })),
      };
    };
    // A rating is a number: between, more than, less than, equal to.
    await (await open("condition-ref")).pick("1. Sure?");
    expect((await open("condition-kind")).names).toEqual(["Number"]);
    expect((await open("condition-number-operator")).names).toEqual([
      "between",
      "more than",
      "less than",
      "equal to",
    ]);
    // A one-value slider: a number or a range (inside, contains, outside, touches).
    await (await open("condition-ref")).pick("2. Area?");
    const kinds = await open("condition-kind");
    expect(kinds.names).toEqual(["Number", "Range"]);
    await kinds.pick("Range");
    expect((await open("condition-range-operator")).names).toEqual([
      "inside",
      "contains",
      "outside",
      "touches",
    ]);
    // A date: a range of dates; nothing to add until both bounds are given.
    await (await open("condition-ref")).pick("3. When?");
    expect(within(last).getByTestId("condition-range-from").getAttribute("type")).toBe("date");
    expect(within(last).getByTestId("condition-add").hasAttribute("disabled")).toBe(true);
  });
});
