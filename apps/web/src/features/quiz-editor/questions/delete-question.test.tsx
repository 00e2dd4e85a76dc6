import { type PublicCondition, type Question, QuestionType } from "@leadquiz/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import {
  testDraftSnapshot,
  testQuestion,
  testQuiz,
  testSession,
  testSnapshotResult,
} from "../../../test/quiz-fixtures";
import { type FakeHandler, jsonResponse, renderApp, testOwner } from "../../../test/render-app";

/** A condition "question `ref` has a value" as the draft snapshot carries it. */
const refersTo = (ref: number): PublicCondition => ({
  ref_question: ref,
  kind: "number",
  answers: [],
  answers_include: true,
  answers_operator: "or",
  number_operator: "more",
  number_from: 0,
  number_to: null,
  range_operator: "inside",
  range_from: null,
  range_to: null,
});

const questions: Question[] = [
  testQuestion(1, 1, QuestionType.Slider, "Sofa length"),
  testQuestion(2, 2, QuestionType.Slider, "Seats"),
  testQuestion(3, 3, QuestionType.Text, "Colour"),
];

/** Result "Price" is `(Q1 + Q2) × 2`; Q3 and result "Large" have a condition on Q2. */
const draft = testDraftSnapshot(
  [
    questions[0] as Question,
    questions[1] as Question,
    { ...(questions[2] as Question), conditions: [refersTo(2)] },
  ],
  [
    testSnapshotResult(20, "Price", {
      type: 2,
      formula: [
        { kind: 2, op: 7 },
        { kind: 3, question: 1 },
        { kind: 2, op: 1 },
        { kind: 3, question: 2 },
        { kind: 2, op: 8 },
        { kind: 2, op: 3 },
        { kind: 1, value: 2 },
      ],
    }),
    testSnapshotResult(21, "Large", { conditions: [refersTo(2), refersTo(2)] }),
  ],
);

/** The server of quiz 7, for an owner whose interface language is `language`. */
const server =
  (language = "en"): FakeHandler =>
  (request, path) => {
    if (path === "/userinfo/")
      return jsonResponse(200, [{ ...testOwner, language_code: language }]);
    if (path === "/quiz/7/") return jsonResponse(200, testQuiz());
    if (path === "/quiz/7/question_list/") return jsonResponse(200, questions);
    if (path === "/quiz/7/preview/") return jsonResponse(200, draft);
    if (/^\/questionconditionlist\/\d+\/$/.test(path)) return jsonResponse(200, []);
    if (request.method === "DELETE") return new Response(null, { status: 204 });
    return undefined;
  };
const api = server();

async function askToDelete(n: number) {
  const card = await screen.findByTestId(`question-${n}`);
  await userEvent.click(within(card).getByTestId("question-actions"));
  await userEvent.click(await screen.findByTestId("question-delete"));
  return screen.findByRole("dialog");
}

describe("deleting a question", { timeout: 40_000 }, () => {
  it("names the formulas and conditions it changes before anything is deleted", async () => {
    const { requests } = await renderApp({
      url: "/quiz/7/questions",
      session: testSession(),
      handler: api,
    });
    const dialog = await askToDelete(2);
    const effects = await within(dialog).findByTestId("delete-effects");
    expect(effects.textContent).toContain("Deleting it also changes:");
    const items = within(effects)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(items).toEqual([
      "the formula of “Price”: (Q1 + Q2) × 2 → (Q1) × 2",
      "Q3 “Colour”: 1 condition is deleted",
      "result “Large”: 2 conditions are deleted",
    ]);
    expect(effects.textContent).toContain("Undo brings the question and its answers back");
    expect(requests.some((r) => r.method === "DELETE")).toBe(false);

    await userEvent.click(within(dialog).getByTestId("confirm-ok"));
    await waitFor(() =>
      expect(requests.filter((r) => r.method === "DELETE").map((r) => r.path)).toEqual([
        "/question/2/",
      ]),
    );
  });

  it("lists nothing more for a question nothing refers to", async () => {
    await renderApp({ url: "/quiz/7/questions", session: testSession(), handler: api });
    const dialog = await askToDelete(3);
    await waitFor(() => expect(within(dialog).queryByRole("status")).toBeNull());
    expect(within(dialog).queryByTestId("delete-effects")).toBeNull();
    expect(within(dialog).getByText(/“Colour” will be deleted/)).toBeTruthy();
  });

  it("says it in Russian and Ukrainian", async () => {
    for (const [language, line] of [
      ["ru", "формула «Price»: (В1 + В2) × 2 → (В1) × 2"],
      ["uk", "результат «Large»: буде видалено 2 умови"],
    ] as const) {
      const view = await renderApp({
        url: "/quiz/7/questions",
        session: testSession(),
        handler: server(language),
        language,
      });
      const dialog = await askToDelete(2);
      expect(await within(dialog).findByText(line)).toBeTruthy();
      view.unmount();
    }
  });
});
