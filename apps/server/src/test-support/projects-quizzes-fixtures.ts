import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import type { TestApp } from "./test-app";

/**
 * Fixtures of the projects, quizzes and quiz-copy tests: users register and sign in
 * through the real API; everything else goes through the API too.
 */

export interface Owner {
  id: number;
  token: string;
  language: string;
}

export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

let clients = 0;
function nextClientIp(): string {
  clients += 1;
  return `10.40.${Math.floor(clients / 250) % 250}.${(clients % 250) + 1}`;
}

/** One API call (`url` below /api/v1) as `owner`. */
export function call(
  t: Pick<TestApp, "app">,
  method: Method,
  url: string,
  options: { owner?: Owner; body?: unknown; language?: string } = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (options.owner) headers.authorization = `Bearer ${options.owner.token}`;
  if (options.language) headers["accept-language"] = options.language;
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers,
    remoteAddress: nextClientIp(),
    ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
  });
}

/** A call that must answer `status`; answers the JSON body (undefined when empty). */
export async function expectCall<T = unknown>(
  t: Pick<TestApp, "app">,
  status: number,
  method: Method,
  url: string,
  options: { owner?: Owner; body?: unknown; language?: string } = {},
): Promise<T> {
  const response = await call(t, method, url, options);
  if (response.statusCode !== status) {
    throw new Error(
      `${method} ${url}: expected ${status}, got ${response.statusCode} ${response.body}`,
    );
  }
  return (response.body === "" ? undefined : response.json()) as T;
}

/** Registers and signs in a fresh owner whose interface language is `language`. */
export async function signUpOwner(t: Pick<TestApp, "app">, language = "en"): Promise<Owner> {
  const email = `quiz-owner-${randomUUID().slice(0, 8)}@example.com`;
  const password = "correct-horse-7";
  const registered = await expectCall<{ id: number }>(t, 201, "POST", "/register/", {
    body: { username: email, email, password, language },
  });
  const signedIn = await expectCall<{ access: string }>(t, 200, "POST", "/token/", {
    body: { email, password },
  });
  return { id: registered.id, token: signedIn.access, language };
}

/** A new project of `owner` (its id). */
export async function createProject(
  t: Pick<TestApp, "app">,
  owner: Owner,
  body: Record<string, unknown> = {},
): Promise<number> {
  return (await expectCall<{ id: number }>(t, 201, "POST", "/project/", { owner, body })).id;
}

/** A new quiz of `owner` in `project` (its id). */
export async function createQuizIn(
  t: Pick<TestApp, "app">,
  owner: Owner,
  project: number,
  body: Record<string, unknown> = {},
): Promise<number> {
  return (
    await expectCall<{ id: number }>(t, 201, "POST", "/quiz/", {
      owner,
      body: { project, ...body },
    })
  ).id;
}
