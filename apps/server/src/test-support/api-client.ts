import { randomUUID } from "node:crypto";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { completeRegistration, registrationToken, userIdOf } from "./registration";
import type { TestApp } from "./test-app";

/**
 * The API as a test's client sees it: users register and sign in through the real API,
 * and every call is an `inject` below /api/v1, signed in as a user when one is given.
 */

export interface TestUser {
  id: number;
  /** The access token (signed in through the registration link). */
  token: string;
  email: string;
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
  /** More request headers. */
  headers?: Record<string, string> | undefined;
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
  const headers: Record<string, string> = { ...options.headers };
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

/** The password of every user registerUser makes. */
export const TEST_PASSWORD = "correct-horse-7";

/**
 * Registers a fresh user whose interface language is `language` as a person does: POST
 * register/, then the link the app mailed (registration.ts), which signs in. `ip` is the
 * client address of both calls (fresh ones by default).
 */
export async function registerUser(
  t: Pick<TestApp, "app" | "config">,
  options: { language?: string; ip?: string; referralCode?: string } = {},
): Promise<TestUser> {
  const language = options.language ?? "en";
  const email = `user-${randomUUID().slice(0, 8)}@example.com`;
  const registered = await apiCall(t, "POST", "/register/", {
    body: {
      username: email,
      email,
      password: TEST_PASSWORD,
      language,
      ...(options.referralCode ? { referral_code: options.referralCode } : {}),
    },
    ip: options.ip,
  });
  expect(registered.statusCode, `register: ${registered.body}`).toBe(202);
  const token = await registrationToken(t, email);
  const signedIn = await completeRegistration(t, token, options.ip ?? freshIp());
  expect(signedIn.statusCode, `register/complete: ${signedIn.body}`).toBe(200);
  const access = signedIn.json<{ access: string }>().access;
  return { id: userIdOf(access), token: access, email, language };
}
