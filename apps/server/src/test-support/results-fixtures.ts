import { randomUUID } from "node:crypto";
import type { QuestionConfig } from "@leadquiz/contract";
import type { LightMyRequestResponse } from "fastify";
import { answers, projects, questions, quizzes } from "../db/schema";
import type { TestAppWithDatabase } from "./test-app-with-database";

/**
 * Fixtures of the results / result conditions / form fields / additions / quiz config /
 * reference lists tests. Users come through the real API; projects, quizzes, questions and
 * answers are inserted directly (their own modules are tested elsewhere).
 */

export interface TestUser {
  id: number;
  token: string;
}

let clients = 0;
function nextClientIp(): string {
  clients += 1;
  return `10.30.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
}

export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

/** One API call (`url` below /api/v1) as `user`, in `language` (Accept-Language). */
export function apiCall(
  t: TestAppWithDatabase,
  method: Method,
  url: string,
  options: { user?: TestUser; body?: unknown; language?: string } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (options.user) headers.authorization = `Bearer ${options.user.token}`;
  if (options.language) headers["accept-language"] = options.language;
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers,
    remoteAddress: nextClientIp(),
    ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
  });
}

/** Registers and signs in a fresh user. */
export async function createUser(t: TestAppWithDatabase): Promise<TestUser> {
  const email = `owner-${randomUUID().slice(0, 8)}@example.com`;
  const password = "correct-horse-7";
  const registered = await apiCall(t, "POST", "/register/", {
    body: { username: email, email, password, language: "en" },
  });
  if (registered.statusCode !== 201) throw new Error(`register: ${registered.body}`);
  const signedIn = await apiCall(t, "POST", "/token/", { body: { email, password } });
  if (signedIn.statusCode !== 200) throw new Error(`token: ${signedIn.body}`);
  return { id: registered.json().id, token: signedIn.json().access };
}

/** A project with one quiz of `user`; answers the quiz id. */
export async function createQuiz(
  t: TestAppWithDatabase,
  user: TestUser,
  options: { language?: number } = {},
): Promise<number> {
  const db = t.database.db;
  const [project] = await db
    .insert(projects)
    .values({ userId: user.id, title: "Project" })
    .returning();
  if (!project) throw new Error("project not inserted");
  const [quiz] = await db
    .insert(quizzes)
    .values({
      projectId: project.id,
      userId: user.id,
      title: "Quiz",
      language: options.language ?? 2,
    })
    .returning();
  if (!quiz) throw new Error("quiz not inserted");
  return quiz.id;
}

export interface TestQuestion {
  id: number;
  answers: number[];
}

/** A question of `quizId` with `answerCount` answers (points 1, 2, …). */
export async function createQuestion(
  t: TestAppWithDatabase,
  quizId: number,
  options: { type?: number; sort?: number; config?: QuestionConfig; answerCount?: number } = {},
): Promise<TestQuestion> {
  const db = t.database.db;
  const type = options.type ?? 1;
  const [question] = await db
    .insert(questions)
    .values({
      quizId,
      type,
      sort: options.sort ?? 1,
      title: "Question",
      config: options.config ?? {},
    })
    .returning();
  if (!question) throw new Error("question not inserted");
  const count = options.answerCount ?? (type <= 3 ? 2 : 0);
  const answerIds: number[] = [];
  for (let index = 0; index < count; index++) {
    const [answer] = await db
      .insert(answers)
      .values({
        questionId: question.id,
        sort: index + 1,
        text: `A${index + 1}`,
        points: index + 1,
      })
      .returning();
    if (answer) answerIds.push(answer.id);
  }
  return { id: question.id, answers: answerIds };
}

/** The quiz's draft_version (bumped by every change of its content). */
export async function draftVersion(t: TestAppWithDatabase, quizId: number): Promise<number> {
  const rows = await t.database.db.select().from(quizzes);
  const quiz = rows.find((row) => row.id === quizId);
  if (!quiz) throw new Error("quiz not found");
  return quiz.draftVersion;
}
