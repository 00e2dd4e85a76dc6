import {
  ConditionMode,
  type Question,
  QuestionType,
  type Result,
  type ResultCondition,
  ResultType,
} from "@leadquiz/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { testQuestion, testQuiz, testSession } from "../../../test/quiz-fixtures";
import { type FakeHandler, jsonResponse, renderApp, testOwner } from "../../../test/render-app";

const session = testSession();
const quiz = testQuiz();

const rating: Question = testQuestion(11, 1, QuestionType.Rating, "Sure?");

const result = (id: number, sort: number, title: string): Result => ({
  id,
  quiz: 7,
  sort,
  type: ResultType.Const,
  condition_mode: ConditionMode.Logic,
  title,
  description: "Call us",
  additional_description: "",
  media: null,
  show_total: false,
  unit: null,
  range_from: null,
  range_to: null,
  formula: [],
  formula_valid: true,
  formula_errors: [],
  use_general_formula: false,
  output: [],
  button_text: "More",
  button_link: "https://example.com/",
  send_to_email: false,
  config: { conditions_match: "any" },
});

const numberCondition = (id: number, of: number): ResultCondition => ({
  id,
  result: of,
  ref_question: 11,
  kind: "number",
  answers: [],
  answers_include: true,
  answers_operator: "or",
  number_operator: "more",
  number_from: 3,
  number_to: null,
  range_operator: "inside",
  range_from: null,
  range_to: null,
});

/** A server with two results; "Big budget" has a condition (rating above 3). */
function resultsServer() {
  let nextId = 900;
  let results = [result(31, 1, "Big budget"), result(32, 2, "Small budget")];
  let conditions = [numberCondition(41, 31)];
  const handler: FakeHandler = async (request, path) => {
    const method = request.method;
    const body = method === "POST" || method === "PATCH" ? await request.json() : {};
    const id = Number(/\/(\d+)\/$/.exec(path)?.[1]);
    if (path === "/userinfo/") return jsonResponse(200, [testOwner]);
    if (path === "/quiz/7/") return jsonResponse(200, quiz);
    if (path === "/quiz/7/question_list/") return jsonResponse(200, [rating]);
    if (path === "/quiz/7/result_list/") return jsonResponse(200, results);
    if (path.startsWith("/resultconditionlist/")) {
      return jsonResponse(
        200,
        conditions.filter((c) => c.result === id),
      );
    }
    if (path === "/result/" && method === "POST") {
      const created = { ...result(nextId++, results.length + 1, ""), ...body };
      results.push(created);
      return jsonResponse(201, created);
    }
    if (path === "/result/copy/") {
      const original = results.find((r) => r.id === body.id);
      if (!original) return jsonResponse(404, { detail: "Not found" });
      const copy = { ...original, id: nextId++, sort: results.length + 1 };
      results.push(copy);
      for (const c of conditions.filter((c) => c.result === original.id)) {
        conditions.push({ ...c, id: nextId++, result: copy.id });
      }
      return jsonResponse(201, copy);
    }
    if (path.startsWith("/result/") && method === "DELETE") {
      if (!results.some((r) => r.id === id)) return jsonResponse(404, { detail: "Not found" });
      results = results.filter((r) => r.id !== id);
      conditions = conditions.filter((c) => c.result !== id);
      return new Response(null, { status: 204 });
    }
    if (path === "/resultcondition/" && method === "POST") {
      const created = { ...numberCondition(nextId++, body.result), ...body };
      conditions.push(created);
      return jsonResponse(201, created);
    }
    if (path.startsWith("/resultcondition/") && method === "DELETE") {
      if (!conditions.some((c) => c.id === id)) return jsonResponse(404, { detail: "Not found" });
      conditions = conditions.filter((c) => c.id !== id);
      return new Response(null, { status: 204 });
    }
    return jsonResponse(404, { detail: "Not found" });
  };
  return { handler, results: () => results, conditions: () => conditions };
}

const undo = () => userEvent.click(screen.getByTestId("editor-undo"));
const redo = () => userEvent.click(screen.getByTestId("editor-redo"));
const settled = () =>
  waitFor(() =>
    expect(screen.getByTestId("editor-save-state").textContent).not.toContain("Saving"),
  );

async function resultAction(title: string, action: string) {
  await userEvent.click(
    await screen.findByRole("button", { name: `Actions of result “${title}”` }),
  );
  await userEvent.click(await screen.findByRole("menuitem", { name: action, hidden: true }));
}

describe("undo on the results tab", { timeout: 150_000 }, () => {
  it("a deleted result comes back with its fields and conditions; a copy is deleted by undo", async () => {
    const server = resultsServer();
    await renderApp({ url: "/quiz/7/results", session, handler: server.handler });
    await resultAction("Big budget", "Delete");
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    await waitFor(() => expect(server.results().map((r) => r.title)).toEqual(["Small budget"]));
    await settled();

    await undo();
    await waitFor(() => expect(server.results()).toHaveLength(2));
    const back = server.results().find((r) => r.title === "Big budget");
    expect(back).toMatchObject({
      sort: 1,
      description: "Call us",
      button_text: "More",
      button_link: "https://example.com/",
      condition_mode: ConditionMode.Logic,
      config: { conditions_match: "any" },
    });
    expect(server.conditions()).toEqual([
      expect.objectContaining({ result: back?.id, kind: "number", number_from: 3 }),
    ]);
    await settled();

    await resultAction("Small budget", "Copy");
    await waitFor(() => expect(server.results()).toHaveLength(3));
    await settled();
    await undo();
    await waitFor(() => expect(server.results()).toHaveLength(2));
    await settled();
    await redo();
    await waitFor(() => expect(server.results()).toHaveLength(3));
  });

  it("a deleted result condition comes back with its values", async () => {
    const server = resultsServer();
    await renderApp({
      url: "/quiz/7/results?result=31&tab=logic",
      session,
      handler: server.handler,
    });
    const condition = await screen.findByTestId("result-condition");
    await userEvent.click(within(condition).getByRole("button"));
    await waitFor(() => expect(server.conditions()).toEqual([]));
    await settled();
    await undo();
    await waitFor(() =>
      expect(server.conditions()).toEqual([
        expect.objectContaining({ result: 31, number_operator: "more", number_from: 3 }),
      ]),
    );
    expect(await screen.findByTestId("result-condition")).toBeTruthy();
    await settled();
    await redo();
    await waitFor(() => expect(server.conditions()).toEqual([]));
  });
});
