import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { TestApp } from "./test-app";

/**
 * The API as a test's client sees it: users register and sign in through the real API,
 * and every call is an `inject` below /api/v1, signed in as a user when one is given.
 */

export interface TestUser {
  id: number;
  token: string;
  /** The interface language the user registered with. */
  language: string;
}

export type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export interface CallOptions {
  /** Signed in as this user (Authorization: Bearer …); anonymous without one. */
  user?: TestUser | undefined;
  /** The JSON body; none when undefined. */
  body?: unknown;
  /** Accept-Language. */
  language?: string | undefined;
  /** The client address; a fresh one (see freshIp) by default. */
  ip?: string | undefined;
  /** The Cookie header. */
  cookie?: string | undefined;
  /** The Host header; inject's own `localhost:80` (the owner app's origin) by default. */
  host?: string | undefined;
}

let addresses = 0;
/** A client address no other request of the test file used. */
export function freshIp(): string {
  addresses += 1;
  return `10.40.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
}

/** One API call: `url` below /api/v1 (or a served /media/ file). */
export function apiCall(
  t: Pick<TestApp, "app">,
  method: Method,
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (options.user) headers.authorization = `Bearer ${options.user.token}`;
  if (options.language) headers["accept-language"] = options.language;
  if (options.cookie) headers.cookie = options.cookie;
  if (options.host) headers.host = options.host;
  return t.app.inject({
    method,
    url: url.startsWith("/media/") ? url : `/api/v1${url}`,
    headers,
    remoteAddress: options.ip ?? freshIp(),
    ...(options.body === undefined ? {} : { payload: options.body as Record<string, unknown> }),
  });
}

/** A call that must answer `status`; answers the JSON body (undefined when empty). */
export async function expectCall<T = unknown>(
  t: Pick<TestApp, "app">,
  status: number,
  method: Method,
  url: string,
  options: CallOptions = {},
): Promise<T> {
  const response = await apiCall(t, method, url, options);
  if (response.statusCode !== status) {
    throw new Error(
      `${method} ${url}: expected ${status}, got ${response.statusCode} ${response.body}`,
    );
  }
  return (response.body === "" ? undefined : response.json()) as T;
}

/**
 * A call with positional arguments as `defaultUser()` (read at call time, so it may name a
 * user made in beforeAll): `call(method, url, body?, user?, language?)`.
 */
export function callerAs(t: () => Pick<TestApp, "app">, defaultUser: () => TestUser) {
  return (
    method: "GET" | "POST" | "PATCH" | "DELETE",
    url: string,
    body?: unknown,
    user: TestUser = defaultUser(),
    language?: string,
  ) => apiCall(t(), method, url, { user, body, language });
}

/**
 * Registers and signs in a fresh user whose interface language is `language`. `ip` is the
 * client address of both calls (fresh ones by default).
 */
export async function registerUser(
  t: Pick<TestApp, "app">,
  options: { language?: string; ip?: string } = {},
): Promise<TestUser> {
  const language = options.language ?? "en";
  const email = `user-${randomUUID().slice(0, 8)}@example.com`;
  const password = "correct-horse-7";
  const registered = await apiCall(t, "POST", "/register/", {
    body: { username: email, email, password, language },
    ip: options.ip,
  });
  expect(registered.statusCode, `register: ${registered.body}`).toBe(201);
  const signedIn = await apiCall(t, "POST", "/token/", {
    body: { email, password },
    ip: options.ip,
  });
  expect(signedIn.statusCode, `token: ${signedIn.body}`).toBe(200);
  return { id: registered.json().id, token: signedIn.json().access, language };
}
