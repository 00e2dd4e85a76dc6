import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { apiCall, registerUser, type TestUser } from "./api-client";
import { insertQuiz } from "./quiz-fixtures";
import { createTestAppWithDatabase, type TestAppWithDatabase } from "./test-app";

/**
 * Fixtures of the questions, answers and question-conditions tests. Users sign up through
 * the real API; projects and quizzes are inserted directly (their module is tested apart).
 */

export type Owner = TestUser;

export type Method = "GET" | "POST" | "PATCH" | "DELETE";

export interface QuestionsHarness {
  t: TestAppWithDatabase;
  /** One call below /api/v1 as `user` (Accept-Language `language`). */
  call(
    method: Method,
    url: string,
    options?: { user?: Owner; body?: unknown; language?: string | undefined },
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
  // These tests have always called from inject's default address.
  const ip = "127.0.0.1";
  const call: QuestionsHarness["call"] = (method, url, options = {}) =>
    apiCall(t, method, url, { ...options, ip });
  return {
    t,
    call,
    signUp: () => registerUser(t, { ip }),
    quiz: (owner, options = {}) => insertQuiz(t, owner, options),
    async question(owner, body) {
      const response = await call("POST", "/question/", { user: owner, body });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    },
    close: () => t.close(),
  };
}
