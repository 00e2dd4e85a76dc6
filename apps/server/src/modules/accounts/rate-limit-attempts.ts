import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { completeRegistration, registrationToken } from "../../test-support/registration";
import type { TestApp } from "../../test-support/test-app";

/** Sign-in attempts for the rate-limit tests (in memory and in Redis). */
let clients = 0;
export function nextClientIp(): string {
  clients += 1;
  return `10.30.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
}

export function uniqueEmail(): string {
  return `rl-${randomUUID().slice(0, 8)}@example.com`;
}

export interface Attempt {
  ip?: string;
  email?: string;
  forwardedFor?: string;
  language?: string;
  password?: string;
}

/** A sign-in; by default a failing one (unknown address or wrong password). */
export function signIn(t: TestApp, { ip, email, forwardedFor, language, password }: Attempt = {}) {
  const headers: Record<string, string> = {};
  if (forwardedFor) headers["x-forwarded-for"] = forwardedFor;
  if (language) headers["accept-language"] = language;
  return t.app.inject({
    method: "POST",
    url: "/api/v1/token/",
    remoteAddress: ip ?? nextClientIp(),
    headers,
    payload: { email: email ?? uniqueEmail(), password: password ?? "wrong-password-1" },
  });
}

export async function exhaust(t: TestApp, attempts: number, attempt: () => Attempt) {
  for (let i = 0; i < attempts; i++) {
    const response = await signIn(t, attempt());
    expect(response.statusCode, `attempt ${i + 1}`).toBe(401);
  }
}

/**
 * Registers an account (from its own client address, through the mailed link) and answers its
 * credentials.
 */
export async function registerOwner(
  t: TestApp,
  owner = { email: uniqueEmail(), password: "correct-horse-7" },
) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/v1/register/",
    remoteAddress: nextClientIp(),
    payload: owner,
  });
  expect(response.statusCode).toBe(202);
  const completed = await completeRegistration(
    t,
    await registrationToken(t, owner.email),
    nextClientIp(),
  );
  expect(completed.statusCode).toBe(200);
  return owner;
}
