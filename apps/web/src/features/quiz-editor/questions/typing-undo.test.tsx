import { type Question, QuestionType } from "@leadquiz/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { testQuiz, testSession } from "../../../test/quiz-fixtures";
import { type FakeHandler, jsonResponse, renderApp, testOwner } from "../../../test/render-app";
import { COMMIT_DELAY_MS } from "../fields/use-committed-text";

const session = testSession();
const quiz = testQuiz();

/** A server holding one question: PATCHes change it, as the real one would. */
function questionServer() {
  const stored: Question = {
    id: 11,
    quiz: 7,
    sort: 1,
    type: QuestionType.Text,
    title: "Budget?",
    description: "Old text",
    button_text: "",
    required: false,
    media: null,
    video_url: null,
    config: {},
  };
  const patches: Record<string, unknown>[] = [];
  const handler: FakeHandler = async (request, path) => {
    if (path === "/userinfo/") return jsonResponse(200, [testOwner]);
    if (path === "/quiz/7/") return jsonResponse(200, quiz);
    if (path === "/quiz/7/question_list/") return jsonResponse(200, [stored]);
    if (path === "/question/11/" && request.method === "PATCH") {
      const body = (await request.json()) as Record<string, unknown>;
      patches.push(body);
      Object.assign(stored, body);
      return jsonResponse(200, stored);
    }
    if (/^\/questionconditionlist\/\d+\/$/.test(path)) return jsonResponse(200, []);
    return jsonResponse(404, { detail: "Not found" });
  };
  return { stored, patches, handler };
}

/** Types `text` at the end of a field one key at a time, pausing long enough for each key to be written. */
async function typeSlowly(field: HTMLElement, text: string) {
  const typist = userEvent.setup({ delay: COMMIT_DELAY_MS + 60 });
  await typist.click(field);
  await typist.keyboard("{End}");
  await typist.keyboard(text);
}

async function openQuestion() {
  const card = await screen.findByTestId("question-1");
  await userEvent.click(within(card).getByTestId("question-toggle"));
  // The card's editor is a chunk of its own (docs/editor.md "Start time"): wait for it.
  await within(card).findByTestId("question-title");
  return card;
}

describe("typing and undo", { timeout: 90_000 }, () => {
  // The clock stands still, so a slow machine never makes a pause of MERGE_WINDOW_MS between
  // two keys (the window itself is tested in edit-history.test.ts); timers run as usual.
  beforeEach(() => vi.useFakeTimers({ toFake: ["Date"] }));
  afterEach(() => vi.useRealTimers());

  it("writes while typing, and one undo takes the whole word back to the original text", async () => {
    const server = questionServer();
    await renderApp({ url: "/quiz/7/questions", session, handler: server.handler });
    const card = await openQuestion();
    const title = within(card).getByTestId("question-title");
    await typeSlowly(title, " now");
    // Each key reached the server while typing went on (no wait for the field to be left).
    await waitFor(() => expect(server.stored.title).toBe("Budget? now"));
    expect(server.patches.length).toBeGreaterThan(1);
    await userEvent.click(document.body); // leave the field: the editor's undo applies outside

    await userEvent.keyboard("{Control>}z{/Control}");
    await waitFor(() => expect(server.stored.title).toBe("Budget?"));
    await waitFor(() => expect((title as HTMLInputElement).value).toBe("Budget?"));
    expect(screen.getByTestId("editor-undo")).toHaveProperty("disabled", true);

    await userEvent.keyboard("{Control>}{Shift>}z{/Shift}{/Control}");
    await waitFor(() => expect(server.stored.title).toBe("Budget? now"));
  });

  it("typing in two fields gives two undo steps", async () => {
    const server = questionServer();
    await renderApp({ url: "/quiz/7/questions", session, handler: server.handler });
    const card = await openQuestion();
    await typeSlowly(within(card).getByTestId("question-title"), "!!");
    await typeSlowly(within(card).getByTestId("question-description"), " and new");
    await userEvent.click(document.body);
    await waitFor(() => expect(server.stored.description).toBe("Old text and new"));

    const undo = screen.getByTestId("editor-undo");
    await userEvent.click(undo);
    await waitFor(() => expect(server.stored.description).toBe("Old text"));
    expect(server.stored.title).toBe("Budget?!!");
    await waitFor(() => expect(undo).toHaveProperty("disabled", false));
    await userEvent.click(undo);
    await waitFor(() => expect(server.stored.title).toBe("Budget?"));
    await waitFor(() => expect(undo).toHaveProperty("disabled", true));
  });
});
