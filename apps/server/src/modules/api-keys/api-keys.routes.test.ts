import type { ApiKey } from "@leadquiz/contract";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { users } from "../../db/schema";
import { apiCall, registerUser, TEST_PASSWORD, type TestUser } from "../../test-support/api-client";
import { apiPaths } from "../../test-support/api-paths";
import { cookieHeaderOf } from "../../test-support/registration";
import { createTestAppWithDatabase, type TestAppWithDatabase } from "../../test-support/test-app";

/**
 * Making an API key needs a recent sign-in or the current password (docs/security.md: a
 * stolen access token must not turn into a credential that outlives it).
 */
const PASSWORD = TEST_PASSWORD;
const SIX_MINUTES = 6 * 60 * 1000;

let t: TestAppWithDatabase;
beforeAll(async () => {
  t = await createTestAppWithDatabase({ RATE_LIMIT_ENABLED: "false" });
});
afterAll(async () => t.close());
afterEach(() => {
  vi.useRealTimers();
});

/** A new account (registered through its mailed link), with the password PASSWORD. */
async function registered(): Promise<{ id: number; email: string }> {
  const { id, email } = await registerUser(t);
  return { id, email };
}

/** A new sign-in: its access token and its session cookie (`refresh`, a Cookie header). */
async function signIn(account: { id: number; email: string }) {
  const response = await apiCall(t, "POST", apiPaths.token, {
    body: { email: account.email, password: PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { access: response.json<{ access: string }>().access, refresh: cookieHeaderOf(response) };
}

const as = (id: number, token: string): TestUser => ({ id, token, email: "", language: "en" });

/** Moves the server's clock (Date only) `ms` ahead of now. */
function later(ms: number) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now + ms);
}

function makeKey(user: TestUser, body: Record<string, unknown>, language?: string) {
  return apiCall(t, "POST", apiPaths.apiKeys, { user, body, language });
}

async function keysOf(user: TestUser): Promise<ApiKey[]> {
  return (await apiCall(t, "GET", apiPaths.apiKeys, { user })).json<ApiKey[]>();
}

describe("POST api-keys/", () => {
  it("makes a key without the password within 5 minutes of signing in", async () => {
    const account = await registered();
    const { access } = await signIn(account);
    later(4 * 60 * 1000);
    const response = await makeKey(as(account.id, access), { name: "Zapier" });
    expect(response.statusCode, response.body).toBe(201);
  });

  it("asks the current password once the sign-in is older, and refreshing does not make it new", async () => {
    const account = await registered();
    const { refresh } = await signIn(account);
    later(SIX_MINUTES);
    // The session goes on by refresh (what a stolen session does): still the old sign-in.
    const refreshed = await apiCall(t, "POST", apiPaths.tokenRefresh, {
      cookie: refresh,
      headers: { "x-requested-with": "leadquiz" },
    });
    expect(refreshed.statusCode).toBe(200);
    const user = as(account.id, refreshed.json<{ access: string }>().access);

    const bare = await makeKey(user, { name: "Zapier" });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toEqual({
      password: ["Enter your current password: you signed in more than 5 minutes ago."],
    });
    const wrong = await makeKey(user, { name: "Zapier", password: "guessed-password-1" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ password: ["The password is wrong"] });
    expect(await keysOf(user)).toEqual([]);

    const ru = await makeKey(user, { name: "Zapier" }, "ru");
    expect(ru.json()).toEqual({
      password: ["Введите текущий пароль: вы вошли больше 5 минут назад."],
    });
    const uk = await makeKey(user, { name: "Zapier", password: "guessed-password-1" }, "uk");
    expect(uk.json()).toEqual({ password: ["Неправильний пароль"] });

    const made = await makeKey(user, { name: "Zapier", password: PASSWORD });
    expect(made.statusCode, made.body).toBe(201);
    expect((await keysOf(user)).map((key) => key.name)).toEqual(["Zapier"]);
  });

  it("takes a new sign-in instead of the password", async () => {
    const account = await registered();
    await signIn(account);
    later(SIX_MINUTES);
    const { access } = await signIn(account);
    expect((await makeKey(as(account.id, access), { name: "n8n" })).statusCode).toBe(201);
  });

  it("checks a password that is given, even right after signing in", async () => {
    const account = await registered();
    const user = as(account.id, (await signIn(account)).access);
    const wrong = await makeKey(user, { name: "Make", password: "guessed-password-1" });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json())).toEqual(["password"]);
    expect(await keysOf(user)).toEqual([]);
  });

  it("asks an account without a password (social sign-in only) to sign in again", async () => {
    const account = await registered();
    const { access } = await signIn(account);
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, account.id));
    const user = as(account.id, access);
    later(SIX_MINUTES);
    for (const body of [{ name: "Zapier" }, { name: "Zapier", password: PASSWORD }]) {
      const refused = await makeKey(user, body);
      expect(refused.statusCode).toBe(400);
      expect(Object.keys(refused.json())).toEqual(["non_field_errors"]);
      expect(refused.json().non_field_errors[0]).toMatch(/sign in again/);
    }
    const ru = await makeKey(user, { name: "Zapier" }, "ru");
    expect(ru.json().non_field_errors[0]).toMatch(/войдите снова/);
    expect(await keysOf(user)).toEqual([]);
  });

  it("refuses a password that is not a string or is too long, changing nothing", async () => {
    const account = await registered();
    const user = as(account.id, (await signIn(account)).access);
    for (const password of [12345678, "x".repeat(129), null]) {
      const response = await makeKey(user, { name: "Zapier", password });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json())).toEqual(["password"]);
    }
    expect(await keysOf(user)).toEqual([]);
  });
});
