import {
  type Answer,
  type Question,
  type QuestionCondition,
  QuestionType,
} from "@leadquiz/contract";
import { testQuestion } from "./quiz-fixtures";
import { type FakeHandler, jsonResponse } from "./render-app";

/** A stored condition of quiz 7: question `of` shown when `ref`'s answers `answers` were chosen. */
export function testCondition(
  id: number,
  of: number,
  ref: number,
  answers: number[],
): QuestionCondition {
  return {
    id,
    question: of,
    ref_question: ref,
    kind: "answers",
    answers,
    answers_include: true,
    answers_operator: "or",
    number_operator: "in_range",
    number_from: null,
    number_to: null,
    range_operator: "inside",
    range_from: null,
    range_to: null,
  };
}

const answer = (id: number, sort: number, text: string, points: number): Answer => ({
  id,
  question: 11,
  sort,
  text,
  image: null,
  is_right: points === 5,
  points,
});

/**
 * The questions tab's part of the API for quiz 7, in memory, keeping the real server's
 * upkeep (docs/editor.md "Questions and logic"): a List question 11 "Budget?" (answers
 * Small 1 point, Big 5 points and right, Huge 9 points) and a Rating question 12 "Sure?"
 * shown when Big or Huge was chosen. A deleted answer leaves the conditions (one left with
 * none is deleted); a type change replaces the answers with two new ones and deletes the
 * conditions on the question; a deleted question takes its answers and the conditions on
 * it along; a move or a delete renumbers the questions.
 */
export function questionServer() {
  let nextId = 500;
  let questions = [
    testQuestion(11, 1, QuestionType.List, "Budget?"),
    testQuestion(12, 2, QuestionType.Rating, "Sure?"),
  ];
  let answers = [answer(101, 1, "Small", 1), answer(102, 2, "Big", 5), answer(103, 3, "Huge", 9)];
  let conditions = [testCondition(201, 12, 11, [102, 103])];
  const renumber = <T extends { sort: number }>(list: T[]) => {
    list
      .sort((a, b) => a.sort - b.sort)
      .forEach((item, index) => {
        item.sort = index + 1;
      });
  };
  const answersOf = (of: number) => answers.filter((a) => a.question === of);
  /** Puts `item` at its 1-based `sort` among `list` and renumbers them (as the server does). */
  const place = <T extends { sort: number }>(list: T[], item: T) => {
    const others = list.filter((other) => other !== item).sort((a, b) => a.sort - b.sort);
    others.splice(item.sort - 1, 0, item);
    others.forEach((other, index) => {
      other.sort = index + 1;
    });
  };

  const createQuestion = (body: Partial<Question>) => {
    const question = {
      ...testQuestion(nextId++, questions.length + 1, QuestionType.List, ""),
      ...body,
    };
    questions.push(question);
    place(questions, question);
    return question;
  };
  const deleteQuestion = (question: Question) => {
    questions = questions.filter((q) => q !== question);
    answers = answers.filter((a) => a.question !== question.id);
    conditions = conditions.filter(
      (c) => c.question !== question.id && c.ref_question !== question.id,
    );
    renumber(questions);
  };
  const changeType = (question: Question, type: Question["type"]) => {
    answers = answers.filter((a) => a.question !== question.id);
    conditions = conditions.filter((c) => c.ref_question !== question.id);
    for (const text of ["Option 1", "Option 2"]) {
      const sort = answersOf(question.id).length + 1;
      answers.push({
        id: nextId++,
        question: question.id,
        sort,
        text,
        image: null,
        is_right: false,
        points: 0,
      });
    }
    question.type = type;
  };
  const createAnswer = (body: Partial<Answer> & { question: number }) => {
    const of = answersOf(body.question);
    const created: Answer = {
      id: nextId++,
      question: body.question,
      sort: body.sort ?? of.length + 1,
      text: body.text ?? `Answer ${of.length + 1}`,
      image: null,
      is_right: body.is_right ?? false,
      points: body.points ?? 0,
    };
    answers.push(created);
    place(answersOf(body.question), created);
    return created;
  };
  const deleteAnswer = (stored: Answer) => {
    answers = answers.filter((a) => a !== stored);
    renumber(answersOf(stored.question));
    for (const c of conditions) c.answers = c.answers.filter((a) => a !== stored.id);
    conditions = conditions.filter((c) => c.answers.length > 0);
  };

  let refusing = false;
  const handler: FakeHandler = async (request, path) => {
    const method = request.method;
    if (refusing && method !== "GET") return jsonResponse(400, { detail: "Refused" });
    const body = method === "GET" || method === "DELETE" ? {} : await request.json();
    const id = Number(/\/(\d+)\/$/.exec(path)?.[1]);
    const question = questions.find((q) => q.id === id);
    const storedAnswer = answers.find((a) => a.id === id);
    const condition = conditions.find((c) => c.id === id);
    const noContent = () => new Response(null, { status: 204 });
    const notFound = () => jsonResponse(404, { detail: "Not found" });
    if (path === "/quiz/7/question_list/") return jsonResponse(200, questions);
    if (path === "/quiz/7/result_list/") return jsonResponse(200, []);
    if (path === "/question/" && method === "POST") return jsonResponse(201, createQuestion(body));
    if (path === "/question/copy/") {
      const from = questions.find((q) => q.id === body.id);
      if (!from) return notFound();
      const { id: _id, ...fields } = from;
      const copy = createQuestion({
        ...fields,
        title: `${from.title} (copy)`,
        sort: from.sort + 1,
      });
      for (const a of answersOf(from.id)) createAnswer({ ...a, question: copy.id });
      return jsonResponse(201, copy);
    }
    if (/^\/question\/\d+\/answer_list\/$/.test(path)) {
      return jsonResponse(200, answersOf(Number(path.split("/")[2])));
    }
    if (path.startsWith("/question/")) {
      if (!question) return notFound();
      if (method === "DELETE") {
        deleteQuestion(question);
        return noContent();
      }
      if (body.type !== undefined && body.type !== question.type) changeType(question, body.type);
      if (body.sort !== undefined) {
        question.sort = body.sort;
        place(questions, question);
      }
      const { config, sort: _sort, type: _type, ...fields } = body;
      Object.assign(question, fields, config ? { config: { ...question.config, ...config } } : {});
      return jsonResponse(200, question);
    }
    if (path === "/answer/" && method === "POST") return jsonResponse(201, createAnswer(body));
    if (path.startsWith("/answer/")) {
      if (!storedAnswer) return notFound();
      if (method === "DELETE") {
        deleteAnswer(storedAnswer);
        return noContent();
      }
      return jsonResponse(200, Object.assign(storedAnswer, body));
    }
    if (path.startsWith("/questionconditionlist/")) {
      return jsonResponse(
        200,
        conditions.filter((c) => c.question === id),
      );
    }
    if (path === "/questioncondition/" && method === "POST") {
      const created = { ...testCondition(nextId++, body.question, body.ref_question, []), ...body };
      conditions.push(created);
      return jsonResponse(201, created);
    }
    if (path.startsWith("/questioncondition/")) {
      if (!condition) return notFound();
      if (method === "DELETE") {
        conditions = conditions.filter((c) => c !== condition);
        return noContent();
      }
      return jsonResponse(200, Object.assign(condition, body));
    }
    return notFound();
  };
  return {
    handler,
    /** From now on every change is refused with 400 (`false`: taken again). */
    refuse: (on: boolean) => {
      refusing = on;
    },
    questions: () => [...questions].sort((a, b) => a.sort - b.sort),
    answersOf: (of: number) => answersOf(of).sort((a, b) => a.sort - b.sort),
    conditions: () => conditions,
  };
}
