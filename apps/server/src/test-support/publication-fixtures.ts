import { FormFieldType, type Publication, type PublicQuiz } from "@leadquiz/contract";
import { expectCall, type TestUser } from "./api-client";
import { createProject, createQuizIn } from "./quiz-fixtures";
import type { TestApp } from "./test-app";

/**
 * Fixtures of the publication and public-pages tests: a quiz with content made through
 * the real API, published through the real API.
 */

export interface PublishableQuiz {
  project: number;
  quiz: number;
  publicKey: string;
  question: number;
  answers: number[];
  result: number;
}

export const FIRST_QUESTION = "What do you live in?";
export const START_TITLE = "How much will your renovation cost?";

/**
 * A quiz with a start page, one List question (two answers, the first marked right), a
 * result, analytics ids and hidden fields, and its e-mail field disabled.
 */
export async function createPublishableQuiz(
  t: Pick<TestApp, "app">,
  owner: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<PublishableQuiz> {
  const project = await createProject(t, owner, { title: "Renovations" });
  const quiz = await createQuizIn(t, owner, project, {
    title: "Renovation quiz",
    start_page: {
      title: START_TITLE,
      description: "Answer three questions & get a price",
      button_text: "Go",
    },
    analytics: { gtm_id: "GTM-TEST1", hidden_fields: ["client_id", "gclid"] },
    ...overrides,
  });
  const { public_key: publicKey } = await expectCall<{ public_key: string }>(
    t,
    200,
    "GET",
    `/quiz/${quiz}/`,
    { user: owner },
  );
  const question = await expectCall<{ id: number }>(t, 201, "POST", "/question/", {
    user: owner,
    body: { quiz, type: 1, title: FIRST_QUESTION },
  });
  const answers = await expectCall<{ id: number }[]>(
    t,
    200,
    "GET",
    `/question/${question.id}/answer_list/`,
    { user: owner },
  );
  const answerIds = answers.map((answer) => answer.id);
  const [first] = answerIds;
  if (first === undefined) throw new Error("a new List question has no answers");
  await expectCall(t, 200, "PATCH", `/answer/${first}/`, {
    user: owner,
    body: { text: "A flat", is_right: true },
  });
  const result = await expectCall<{ id: number }>(t, 201, "POST", "/result/", {
    user: owner,
    body: { quiz, title: "About $10,000" },
  });
  const fields = await expectCall<{ id: number; type: number }[]>(
    t,
    200,
    "GET",
    `/quiz/${quiz}/formfield_list/`,
    { user: owner },
  );
  const email = fields.find((field) => field.type === FormFieldType.Email);
  if (email) {
    await expectCall(t, 200, "PATCH", `/formfield/${email.id}/`, {
      user: owner,
      body: { enabled: false },
    });
  }
  return { project, quiz, publicKey, question: question.id, answers: answerIds, result: result.id };
}

/** `POST publication-quiz/` as `owner` (must answer 201). */
export function publish(t: Pick<TestApp, "app">, owner: TestUser, quiz: number) {
  return expectCall<Publication>(t, 201, "POST", "/publication-quiz/", {
    user: owner,
    body: { quiz },
  });
}

/** `GET public/quiz/{key}/` without an account. */
export function publicQuiz(t: Pick<TestApp, "app">, publicKey: string, headers = {}) {
  return t.app.inject({ method: "GET", url: `/api/v1/public/quiz/${publicKey}/`, headers });
}

export type { PublicQuiz };
