import { type Answer, QuestionType } from "@leadquiz/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { testCondition } from "../../../test/question-server";
import { testQuestion, testQuiz, testSession } from "../../../test/quiz-fixtures";
import { type FakeHandler, jsonResponse, renderApp, testOwner } from "../../../test/render-app";

const session = testSession();
const quiz = testQuiz();

const question = testQuestion;

const condition = testCondition;

/**
 * A server holding a List question (three answers) and a Rating question whose condition
 * chooses answers 102 and 103. It follows the real server's upkeep: a deleted answer leaves
 * the conditions (a condition left with none is deleted); a type change replaces the answers
 * with two new ones and deletes the conditions on them.
 */
function quizServer() {
  let nextId = 500;
  const questions = [
    question(11, 1, QuestionType.List, "Budget?"),
    question(12, 2, QuestionType.Rating, "Sure?"),
  ];
  let answers: Answer[] = [
    { id: 101, question: 11, sort: 1, text: "Small", image: null, is_right: false, points: 1 },
    { id: 102, question: 11, sort: 2, text: "Big", image: null, is_right: true, points: 5 },
    { id: 103, question: 11, sort: 3, text: "Huge", image: null, is_right: false, points: 9 },
  ];
  let conditions = [condition(201, 12, 11, [102, 103])];
  const renumber = (of: number) => {
    answers
      .filter((a) => a.question === of)
      .sort((a, b) => a.sort - b.sort)
      .forEach((a, index) => {
        a.sort = index + 1;
      });
  };
  const handler: FakeHandler = async (request, path) => {
    const method = request.method;
    const body = method === "GET" || method === "DELETE" ? {} : await request.json();
    const id = Number(/\/(\d+)\/$/.exec(path)?.[1]);
    if (path === "/userinfo/") return jsonResponse(200, [testOwner]);
    if (path === "/quiz/7/") return jsonResponse(200, quiz);
    if (path === "/quiz/7/question_list/") return jsonResponse(200, questions);
    if (path === "/quiz/7/result_list/") return jsonResponse(200, []);
    if (/^\/question\/\d+\/answer_list\/$/.test(path)) {
      const of = Number(path.split("/")[2]);
      return jsonResponse(
        200,
        answers.filter((a) => a.question === of),
      );
    }
    if (path.startsWith("/questionconditionlist/")) {
      return jsonResponse(
        200,
        conditions.filter((c) => c.question === id),
      );
    }
    if (path === "/answer/" && method === "POST") {
      const of = answers.filter((a) => a.question === body.question);
      const sort = body.sort ?? of.length + 1;
      for (const a of of) if (a.sort >= sort) a.sort += 1;
      const created: Answer = {
        id: nextId++,
        question: body.question,
        sort,
        text: body.text ?? `Answer ${of.length + 1}`,
        image: null,
        is_right: body.is_right ?? false,
        points: body.points ?? 0,
      };
      answers.push(created);
      return jsonResponse(201, created);
    }
    if (path.startsWith("/answer/")) {
      const answer = answers.find((a) => a.id === id);
      if (!answer) return jsonResponse(404, { detail: "Not found" });
      if (method === "PATCH") return jsonResponse(200, Object.assign(answer, body));
      answers = answers.filter((a) => a !== answer);
      renumber(answer.question);
      for (const c of conditions) c.answers = c.answers.filter((a) => a !== id);
      conditions = conditions.filter((c) => c.answers.length > 0);
      return new Response(null, { status: 204 });
    }
    if (path.startsWith("/question/") && method === "PATCH") {
      const stored = questions.find((q) => q.id === id);
      if (!stored) return jsonResponse(404, { detail: "Not found" });
      if (body.type !== undefined && body.type !== stored.type) {
        answers = answers.filter((a) => a.question !== id);
        conditions = conditions.filter((c) => c.ref_question !== id);
        for (const text of ["Option 1", "Option 2"]) {
          const sort = answers.filter((a) => a.question === id).length + 1;
          const a = { id: nextId++, question: id, sort, text, image: null, is_right: false };
          answers.push({ ...a, points: 0 });
        }
      }
      return jsonResponse(200, Object.assign(stored, body));
    }
    if (path === "/questioncondition/" && method === "POST") {
      const created = { ...condition(nextId++, body.question, body.ref_question, []), ...body };
      conditions.push(created);
      return jsonResponse(201, created);
    }
    if (path.startsWith("/questioncondition/")) {
      const stored = conditions.find((c) => c.id === id);
      if (!stored) return jsonResponse(404, { detail: "Not found" });
      if (method === "PATCH") return jsonResponse(200, Object.assign(stored, body));
      conditions = conditions.filter((c) => c !== stored);
      return new Response(null, { status: 204 });
    }
    return jsonResponse(404, { detail: "Not found" });
  };
  return {
    handler,
    questions,
    answers: () => answers.filter((a) => a.question === 11).sort((a, b) => a.sort - b.sort),
    conditions: () => conditions,
  };
}

const undo = () => userEvent.click(screen.getByTestId("editor-undo"));
const redo = () => userEvent.click(screen.getByTestId("editor-redo"));
/** Waits until undo and redo are free again (the previous step has been written). */
const settled = () =>
  waitFor(() =>
    expect(screen.getByTestId("editor-save-state").textContent).not.toContain("Saving"),
  );

async function openFirstQuestion() {
  const card = await screen.findByTestId("question-1");
  await userEvent.click(within(card).getByTestId("question-toggle"));
  await within(card).findByTestId("answer-3");
  return card;
}

describe("undo of structural changes", { timeout: 90_000 }, () => {
  it("a deleted answer comes back with its text, points, place and its conditions", async () => {
    const server = quizServer();
    await renderApp({ url: "/quiz/7/questions", session, handler: server.handler });
    const card = await openFirstQuestion();
    await userEvent.click(within(card).getByRole("button", { name: "Delete answer 2" }));
    await waitFor(() => expect(server.answers().map((a) => a.text)).toEqual(["Small", "Huge"]));
    expect(server.conditions()[0]?.answers).toEqual([103]);

    await undo();
    await waitFor(() =>
      expect(server.answers().map((a) => [a.text, a.points, a.is_right])).toEqual([
        ["Small", 1, false],
        ["Big", 5, true],
        ["Huge", 9, false],
      ]),
    );
    const big = server.answers()[1];
    await waitFor(() => expect(server.conditions()[0]?.answers).toEqual([big?.id, 103]));
    await waitFor(() =>
      expect((within(card).getByTestId("answer-2-text") as HTMLInputElement).value).toBe("Big"),
    );
    await settled();

    await redo();
    await waitFor(() => expect(server.answers().map((a) => a.text)).toEqual(["Small", "Huge"]));
  });

  it("an added answer is deleted by undo and created again by redo", async () => {
    const server = quizServer();
    await renderApp({ url: "/quiz/7/questions", session, handler: server.handler });
    const card = await openFirstQuestion();
    await userEvent.click(within(card).getByTestId("add-answer"));
    await waitFor(() => expect(server.answers()).toHaveLength(4));
    await settled();
    await undo();
    await waitFor(() => expect(server.answers()).toHaveLength(3));
    await waitFor(() => expect(within(card).queryByTestId("answer-4")).toBeNull());
    await settled();
    await redo();
    await waitFor(() => expect(server.answers()).toHaveLength(4));
  });

  it("undo of a type change brings back the type, the answers and the conditions on them", async () => {
    const server = quizServer();
    await renderApp({ url: "/quiz/7/questions", session, handler: server.handler });
    const card = await openFirstQuestion();
    const type = within(card).getByTestId("question-type");
    await userEvent.click(type);
    const listbox = await waitFor(() => {
      const box = document.getElementById(type.getAttribute("aria-controls") ?? "");
      expect(box).toBeTruthy();
      return box as HTMLElement;
    });
    await userEvent.click(
      within(listbox).getByRole("option", { name: "Own answer", hidden: true }),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Change the type" }));
    await waitFor(() => expect(server.questions[0]?.type).toBe(QuestionType.Text));
    expect(server.conditions()).toEqual([]);
    await settled();

    await undo();
    await waitFor(() => expect(server.conditions()).toHaveLength(1));
    expect(server.questions[0]?.type).toBe(QuestionType.List);
    expect(server.answers().map((a) => [a.text, a.points, a.is_right])).toEqual([
      ["Small", 1, false],
      ["Big", 5, true],
      ["Huge", 9, false],
    ]);
    const [, big, huge] = server.answers();
    expect(server.conditions()[0]).toMatchObject({
      question: 12,
      ref_question: 11,
      answers: [big?.id, huge?.id],
    });
    await settled();
    await redo();
    await waitFor(() => expect(server.questions[0]?.type).toBe(QuestionType.Text));
  });

  it("a deleted condition comes back with its values; undo of that re-creation deletes it", async () => {
    const server = quizServer();
    await renderApp({ url: "/quiz/7/questions?tab=logic", session, handler: server.handler });
    const second = await screen.findByTestId("logic-question-2");
    await userEvent.click(
      await within(second).findByRole("button", { name: "Delete condition 1" }),
    );
    await waitFor(() => expect(server.conditions()).toEqual([]));
    await settled();
    await undo();
    await waitFor(() =>
      expect(server.conditions()).toEqual([
        expect.objectContaining({ question: 12, ref_question: 11, answers: [102, 103] }),
      ]),
    );
    await within(second).findByRole("button", { name: "Delete condition 1" });
    await settled();
    await redo();
    await waitFor(() => expect(server.conditions()).toEqual([]));
  });
});
