import { type Question, QuestionType } from "@leadquiz/contract";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { quizQueryKey } from "@/shared/api/quiz-queries";
import { testQuestion, testQuiz, testSession } from "../../../test/quiz-fixtures";
import { type FakeHandler, jsonResponse, renderApp, testOwner } from "../../../test/render-app";

const session = testSession();
const quiz = testQuiz();
const COUNT = 12;

/** A server holding COUNT text questions; a PATCH changes the question, as the real one. */
function listServer() {
  const stored: Question[] = Array.from({ length: COUNT }, (_, index) =>
    testQuestion(100 + index, index + 1, QuestionType.Text, `Question ${index + 1}`),
  );
  let patches = 0;
  const handler: FakeHandler = async (request, path) => {
    if (path === "/userinfo/") return jsonResponse(200, [testOwner]);
    if (path === "/quiz/7/") return jsonResponse(200, quiz);
    if (path === "/quiz/7/question_list/") return jsonResponse(200, stored);
    const one = /^\/question\/(\d+)\/$/.exec(path);
    if (one && request.method === "PATCH") {
      const question = stored.find((item) => item.id === Number(one[1]));
      if (!question) return jsonResponse(404, { detail: "Not found" });
      Object.assign(question, await request.json());
      patches += 1;
      return jsonResponse(200, question);
    }
    if (/^\/questionconditionlist\/\d+\/$/.test(path)) return jsonResponse(200, []);
    return jsonResponse(404, { detail: "Not found" });
  };
  return { handler, patches: () => patches };
}

describe("the question list while one question is edited", { timeout: 60_000 }, () => {
  it("redraws only the edited card, not the others, when a write lands", async () => {
    const server = listServer();
    const { services } = await renderApp({
      url: "/quiz/7/questions",
      session,
      handler: server.handler,
    });
    const first = await screen.findByTestId("question-1");
    await userEvent.click(within(first).getByTestId("question-toggle"));
    const title = await within(first).findByTestId("question-title");
    // Bound to dragging (a handle focused binds every card at once, docs/editor.md).
    fireEvent.focus(within(screen.getByTestId(`question-${COUNT}`)).getByTestId("drag-handle"));
    await waitFor(() =>
      expect(
        within(screen.getByTestId(`question-${COUNT}`))
          .getByTestId("drag-handle")
          .getAttribute("aria-roledescription"),
      ).toBeTruthy(),
    );
    const quizUpdates = () =>
      services.queryClient.getQueryState(quizQueryKey(7))?.dataUpdateCount ?? 0;
    const updatesBefore = quizUpdates();

    // Each card names its drag handle (with its number) every time it is drawn.
    const translate = vi.spyOn(services.i18n, "t");
    const drawnCards = () =>
      new Set(
        translate.mock.calls
          .filter(([key]) => key === "questions:list.dragHandle")
          .map(([, options]) => (options as { n: number }).n),
      );
    await userEvent.type(title, "!");
    // The write has landed and the quiz has been read again after it (each re-renders the
    // page around the list); a task more for React to draw what followed.
    await waitFor(() => expect(server.patches()).toBe(1));
    await waitFor(() => expect(quizUpdates()).toBeGreaterThan(updatesBefore));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(drawnCards()).toEqual(new Set([1]));
    translate.mockRestore();
  });
});
