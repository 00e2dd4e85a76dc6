import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { projects, quizzes } from "../db/schema";
import { createTestAppWithDatabase, type TestAppWithDatabase } from "./test-app-with-database";

/**
 * Fixtures of the questions, answers and question-conditions tests. Users sign up through
 * the real API; projects and quizzes are inserted directly (their module is tested apart).
 */

export interface Owner {
  id: number;
  token: string;
}

export type Method = "GET" | "POST" | "PATCH" | "DELETE";

export interface QuestionsHarness {
  t: TestAppWithDatabase;
  /** One call below /api/v1 as `user` (Accept-Language `language`). */
  call(
    method: Method,
    url: string,
    options?: { user?: Owner; body?: unknown; language?: string },
  ): Promise<LightMyRequestResponse>;
  signUp(): Promise<Owner>;
  /** A project with one quiz of `owner`; answers the quiz id. */
  quiz(owner: Owner, options?: { language?: number }): Promise<number>;
  /** POST question/ that must succeed; answers the question. */
  question(owner: Owner, body: Record<string, unknown>): Promise<QuestionJson>;
  close(): Promise<void>;
}

export interface QuestionJson {
  id: number;
  quiz: number;
  sort: number;
  type: number;
  title: string;
  config: Record<string, unknown>;
  [key: string]: unknown;
}

export async function createQuestionsHarness(): Promise<QuestionsHarness> {
  const t = await createTestAppWithDatabase({ RATE_LIMIT_ENABLED: "false" });
  const call: QuestionsHarness["call"] = (method, url, options = {}) => {
    const headers: Record<string, string> = {};
    if (options.user) headers.authorization = `Bearer ${options.user.token}`;
    if (options.language) headers["accept-language"] = options.language;
    return t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers,
      ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
    });
  };
  return {
    t,
    call,
    async signUp() {
      const email = `questions-${randomUUID().slice(0, 8)}@example.com`;
      const password = "correct-horse-7";
      const registered = await call("POST", "/register/", {
        body: { username: email, email, password, language: "en" },
      });
      expect(registered.statusCode).toBe(201);
      const signedIn = await call("POST", "/token/", { body: { email, password } });
      expect(signedIn.statusCode).toBe(200);
      return { id: registered.json().id, token: signedIn.json().access };
    },
    async quiz(owner, options = {}) {
      const db = t.database.db;
      const [project] = await db
        .insert(projects)
        .values({ userId: owner.id, title: "Project" })
        .returning();
      if (!project) throw new Error("project not inserted");
      const [quiz] = await db
        .insert(quizzes)
        .values({
          projectId: project.id,
          userId: owner.id,
          title: "Quiz",
          language: options.language ?? 2,
        })
        .returning();
      if (!quiz) throw new Error("quiz not inserted");
      return quiz.id;
    },
    async question(owner, body) {
      const response = await call("POST", "/question/", { user: owner, body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    },
    close: () => t.close(),
  };
}
