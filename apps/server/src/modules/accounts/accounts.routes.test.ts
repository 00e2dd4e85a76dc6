import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { refreshTokens, users } from "../../db/schema";
import {
  completeRegistration,
  cookieHeaderOf,
  registrationToken,
} from "../../test-support/registration";
import { createTestAppWithDatabase, type TestAppWithDatabase } from "../../test-support/test-app";
import { hashToken } from "./tokens.service";

const PASSWORD = "correct-horse-7";

/** The test holds the database too: rows the API does not show (hash, referred_by). */
let t: TestAppWithDatabase;
beforeAll(async () => {
  t = await createTestAppWithDatabase();
});
afterAll(async () => t.close());

/** Each request comes from its own client address, so the per-IP limits stay out of the way. */
let clients = 0;
function nextClientIp(): string {
  clients += 1;
  return `10.20.${Math.floor(clients / 250)}.${(clients % 250) + 1}`;
}

interface CallOptions {
  token?: string | undefined;
  language?: string;
  /** The session cookie (a Cookie header); the refresh and logout calls then send it. */
  cookie?: string;
}

function call(
  method: "GET" | "POST" | "PATCH",
  url: string,
  body?: unknown,
  { token, language, cookie }: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (language) headers["accept-language"] = language;
  if (cookie !== undefined) {
    headers.cookie = cookie;
    headers["x-requested-with"] = "leadquiz";
  }
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers,
    remoteAddress: nextClientIp(),
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

function uniqueEmail(): string {
  return `user-${randomUUID().slice(0, 8)}@example.com`;
}

interface Session {
  access: string;
  /** The session cookie as the browser sends it back (`lq_refresh=…`). */
  refresh: string;
}

/** An answer that starts a session: its access token and its session cookie. */
function sessionOf(response: LightMyRequestResponse): Session {
  expect(response.statusCode, response.body).toBe(200);
  return { access: response.json<{ access: string }>().access, refresh: cookieHeaderOf(response) };
}

/** Registers through the mailed link (docs/security.md "Registration"), signed in. */
async function register(email = uniqueEmail(), extra: Record<string, unknown> = {}) {
  const response = await call("POST", "/register/", {
    username: email,
    email,
    password: PASSWORD,
    language: "en",
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(202);
  const normalized = email.trim().toLowerCase();
  const session = sessionOf(
    await completeRegistration(t, await registrationToken(t, normalized), nextClientIp()),
  );
  const info = await call("GET", "/userinfo/", undefined, { token: session.access });
  const { id } = info.json<{ id: number }[]>()[0] ?? { id: 0 };
  return { id, email: normalized, username: normalized, ...session };
}

async function login(email: string, password = PASSWORD): Promise<Session> {
  return sessionOf(await call("POST", "/token/", { email, password }));
}

const signedUp = () => register();

/** POST token/refresh/ with this session cookie (and the app's header). */
function refreshWith(cookie: string, language?: string) {
  return call("POST", "/token/refresh/", undefined, { cookie, ...(language ? { language } : {}) });
}

describe("POST register/ and register/complete/", () => {
  it("makes the account with username = e-mail, the given language and a proven address", async () => {
    const email = uniqueEmail();
    const response = await call("POST", "/register/", {
      username: "someone-else",
      email: `  ${email.toUpperCase()} `,
      password: PASSWORD,
      language: "uk",
    });
    expect(response.statusCode).toBe(202);
    const completed = sessionOf(
      await completeRegistration(t, await registrationToken(t, email), nextClientIp()),
    );
    const info = await call("GET", "/userinfo/", undefined, { token: completed.access });
    const user = info.json()[0];
    expect(user).toMatchObject({ email, username: email, email_verified: true });
    const row = await dbUser(user.id);
    expect(row?.languageCode).toBe("uk");
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("answers without the trailing slash too", async () => {
    const email = uniqueEmail();
    const response = await call("POST", "/register", { email, password: PASSWORD });
    expect(response.statusCode).toBe(202);
    const token = await registrationToken(t, email);
    const completed = await t.app.inject({
      method: "POST",
      url: "/api/v1/register/complete",
      payload: { token },
      remoteAddress: nextClientIp(),
    });
    expect(completed.statusCode).toBe(200);
  });

  it("links the referrer of a known referral code and ignores an unknown one", async () => {
    const referrer = await signedUp();
    const info = await call("GET", "/userinfo/", undefined, { token: referrer.access });
    const code = info.json()[0].referral_code as string;
    const referred = await register(uniqueEmail(), { referral_code: code });
    expect((await dbUser(referred.id))?.referredBy).toBe(referrer.id);
    const unknown = await register(uniqueEmail(), { referral_code: "no-such-code" });
    expect((await dbUser(unknown.id))?.referredBy).toBeNull();
  });

  it("refuses weak passwords and a bad e-mail per field", async () => {
    const cases: Array<[string, string]> = [
      ["short1", "new"],
      ["12345678901", "only digits"],
      ["password", "common"],
    ];
    for (const [password] of cases) {
      const response = await call("POST", "/register/", { email: uniqueEmail(), password });
      expect(response.statusCode, password).toBe(400);
      expect(Object.keys(response.json()), password).toEqual(["password"]);
    }
    const response = await call("POST", "/register/", { email: "not-an-email", password: "" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      email: ["Invalid email"],
      password: ["Required field"],
    });
  });
});

describe("POST token/", () => {
  it("answers the access token, and the refresh token only in the session cookie", async () => {
    const { email } = await register();
    const response = await call("POST", "/token/", {
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json())).toEqual(["access"]);
    const { access, refresh } = sessionOf(response);
    expect(access.split(".")).toHaveLength(3);
    expect(refresh).toMatch(/^lq_refresh=[\w-]+\.[\w-]+\.[\w-]+$/);
    const info = await call("GET", "/userinfo/", undefined, { token: access });
    expect(info.statusCode).toBe(200);
  });

  it("fails a wrong password, an unknown e-mail and a social-only account alike", async () => {
    const { email } = await register();
    const social = await register();
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.id, social.id));
    const attempts = [
      { email, password: "wrong-password-1" },
      { email: uniqueEmail(), password: PASSWORD },
      { email: social.email, password: PASSWORD },
    ];
    for (const body of attempts) {
      const response = await call("POST", "/token/", body);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        detail: "Invalid password or login",
        code: "invalid_credentials",
      });
      expect(response.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("translates the failure (uk)", async () => {
    const response = await call(
      "POST",
      "/token",
      { email: uniqueEmail(), password: "whatever-1" },
      { language: "uk" },
    );
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("invalid_credentials");
    expect(response.json().detail).toMatch(/[а-яіїєґ]/i);
    expect(response.json().detail).not.toBe("Invalid password or login");
  });

  it("requires both fields", async () => {
    const response = await call("POST", "/token/", {});
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(["email", "password"]);
  });
});

describe("POST token/refresh/ (the session cookie)", () => {
  it("rotates: a new access token and cookie, and the old refresh token is dead", async () => {
    const { refresh } = await signedUp();
    const next = sessionOf(await refreshWith(refresh));
    expect(next.refresh).not.toBe(refresh);
    const info = await call("GET", "/userinfo/", undefined, { token: next.access });
    expect(info.statusCode).toBe(200);
    const again = await call("POST", "/token/refresh", undefined, { cookie: next.refresh });
    expect(again.statusCode).toBe(200);
  });

  it("revokes the whole chain when a spent token is presented again after the grace window", async () => {
    const { refresh } = await signedUp();
    const rotated = sessionOf(await refreshWith(refresh)).refresh;
    // Spent 31 s ago: beyond the 30 s grace.
    await t.database.db
      .update(refreshTokens)
      .set({ usedAt: new Date(Date.now() - 31_000) })
      .where(eq(refreshTokens.tokenHash, hashToken(refresh.split("=")[1] ?? "")));
    const reuse = await refreshWith(refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ detail: "Refresh token is not valid", code: "token_not_valid" });
    // The token the legitimate client holds died with the chain.
    const victim = await refreshWith(rotated);
    expect(victim.statusCode).toBe(401);
  });

  it("two tabs refreshing with the same cookie both get the same successor; the session lives", async () => {
    const { refresh } = await signedUp();
    const [a, b] = await Promise.all([refreshWith(refresh), refreshWith(refresh)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(cookieHeaderOf(a)).toBe(cookieHeaderOf(b));
    // A third late tab within the grace too; then the chain goes on.
    const late = await refreshWith(refresh);
    expect(cookieHeaderOf(late)).toBe(cookieHeaderOf(a));
    const next = await refreshWith(cookieHeaderOf(a));
    expect(next.statusCode).toBe(200);
    const info = await call("GET", "/userinfo/", undefined, { token: b.json().access });
    expect(info.statusCode).toBe(200);
  });

  it("a token two rotations old revokes the chain even within the grace (theft detection)", async () => {
    const { refresh } = await signedUp();
    const second = sessionOf(await refreshWith(refresh)).refresh;
    const third = sessionOf(await refreshWith(second)).refresh;
    expect((await refreshWith(refresh)).statusCode).toBe(401);
    expect((await refreshWith(third)).statusCode).toBe(401);
  });

  it("keeps other sessions' chains alive on reuse", async () => {
    const user = await signedUp();
    const other = await login(user.email);
    await refreshWith(user.refresh);
    await refreshWith(user.refresh);
    expect((await refreshWith(other.refresh)).statusCode).toBe(200);
  });

  it("refuses garbage, an access token and no cookie, translated, and deletes the cookie", async () => {
    const { access } = await signedUp();
    for (const cookie of ["lq_refresh=garbage", `lq_refresh=${access}`, ""]) {
      const response = await refreshWith(cookie, "ru");
      expect(response.statusCode, cookie).toBe(401);
      expect(response.json().code).toBe("token_not_valid");
      expect(response.json().detail).toMatch(/[а-яё]/i);
      expect(response.cookies.map((c) => [c.name, c.value, c.maxAge])).toEqual([
        ["lq_refresh", "", 0],
        ["lq_refresh", "", 0],
      ]);
    }
  });
});

describe("POST logout/ (the session cookie)", () => {
  it("answers 205 with an empty body, revokes the refresh token and deletes the cookie", async () => {
    const { refresh } = await signedUp();
    const response = await call("POST", "/logout/", undefined, { cookie: refresh });
    expect(response.statusCode).toBe(205);
    expect(response.body).toBe("");
    expect(response.cookies.map((c) => [c.name, c.value, c.path, c.maxAge])).toEqual([
      ["lq_refresh", "", "/api/v1/token/refresh", 0],
      ["lq_refresh", "", "/api/v1/logout", 0],
    ]);
    expect((await refreshWith(refresh)).statusCode).toBe(401);
  });

  it("is idempotent: no cookie, an invalid, unknown or revoked token also answers 205", async () => {
    const { refresh } = await signedUp();
    await call("POST", "/logout", undefined, { cookie: refresh });
    for (const cookie of [refresh, "lq_refresh=not-a-jwt", ""]) {
      expect((await call("POST", "/logout/", undefined, { cookie })).statusCode).toBe(205);
    }
  });
});

/** GET userinfo/ with an access token: 200 while it lives, 401 token_not_valid after. */
async function statusOf(access: string): Promise<number> {
  const response = await call("GET", "/userinfo/", undefined, { token: access });
  if (response.statusCode === 401) expect(response.json().code).toBe("token_not_valid");
  return response.statusCode;
}

describe("POST logout/all/", () => {
  it("ends every session of the account at once, this one included, and no other account's", async () => {
    const user = await signedUp();
    const phone = await login(user.email);
    const stranger = await signedUp();
    const response = await call("POST", "/logout/all/", undefined, { token: user.access });
    expect(response.statusCode).toBe(205);
    expect(response.body).toBe("");
    // This browser's session cookie goes too.
    expect(response.cookies.map((c) => [c.name, c.value, c.maxAge])).toEqual([
      ["lq_refresh", "", 0],
      ["lq_refresh", "", 0],
    ]);
    // Not in 15 minutes: now.
    for (const session of [user, phone]) {
      expect(await statusOf(session.access)).toBe(401);
      expect((await refreshWith(session.refresh)).statusCode).toBe(401);
    }
    expect(await statusOf(stranger.access)).toBe(200);
    // A sign-in right after (the same second, as like as not) starts a session that works.
    const next = await login(user.email);
    expect(await statusOf(next.access)).toBe(200);
    expect(await statusOf(user.access)).toBe(401);
  });

  it("leaves nothing a second tab could revive: the previous refresh token's grace is over too", async () => {
    const user = await signedUp();
    const rotated = sessionOf(await refreshWith(user.refresh));
    expect(await statusOf(rotated.access)).toBe(200);
    expect(
      (await call("POST", "/logout/all/", undefined, { token: rotated.access })).statusCode,
    ).toBe(205);
    // Within the 30 s grace the previous token would answer its successor; not any more.
    for (const refresh of [user.refresh, rotated.refresh]) {
      expect((await refreshWith(refresh)).statusCode).toBe(401);
    }
  });

  it("leaves no working session when refreshes race with it", async () => {
    const user = await signedUp();
    const sessions = await Promise.all(Array.from({ length: 8 }, () => login(user.email)));
    const [refreshes, out] = await Promise.all([
      Promise.all(sessions.map(({ refresh }) => refreshWith(refresh))),
      call("POST", "/logout/all/", undefined, { token: user.access }),
    ]);
    expect(out.statusCode).toBe(205);
    // Whatever a refresh answered before or after, nothing it handed out works now.
    for (const response of refreshes) {
      if (response.statusCode !== 200) continue;
      const pair = sessionOf(response);
      expect(await statusOf(pair.access)).toBe(401);
      expect((await refreshWith(pair.refresh)).statusCode).toBe(401);
    }
    for (const session of sessions) expect(await statusOf(session.access)).toBe(401);
  });

  it("requires an access token (not a refresh token)", async () => {
    const user = await signedUp();
    const anonymous = await call("POST", "/logout/all/");
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().code).toBe("not_authenticated");
    const withRefresh = await call("POST", "/logout/all/", undefined, {
      token: user.refresh.split("=")[1],
    });
    expect(withRefresh.statusCode).toBe(401);
    expect(await statusOf(user.access)).toBe(200);
  });
});

describe("POST change-password/", () => {
  it("changes the password, revokes every refresh token and answers a fresh pair", async () => {
    const user = await signedUp();
    const otherSession = await login(user.email);
    const response = await call(
      "POST",
      "/change-password/",
      { old_password: PASSWORD, new_password: "brand-new-secret-9" },
      { token: user.access },
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.detail).toBe("Password changed.");
    expect(Object.keys(body).sort()).toEqual(["access", "detail"]);
    for (const old of [user.refresh, otherSession.refresh]) {
      expect((await refreshWith(old)).statusCode).toBe(401);
    }
    // The access tokens issued before die at once, this session's old one too.
    expect(await statusOf(otherSession.access)).toBe(401);
    expect(await statusOf(user.access)).toBe(401);
    expect((await refreshWith(cookieHeaderOf(response))).statusCode).toBe(200);
    const info = await call("GET", "/userinfo/", undefined, { token: body.access });
    expect(info.statusCode).toBe(200);
    expect(
      (await call("POST", "/token/", { email: user.email, password: PASSWORD })).statusCode,
    ).toBe(401);
    await login(user.email, "brand-new-secret-9");
  });

  it("translates the acknowledgement (uk)", async () => {
    const user = await signedUp();
    const response = await call(
      "POST",
      "/change-password",
      { old_password: PASSWORD, new_password: "brand-new-secret-9" },
      { token: user.access, language: "uk" },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().detail).toMatch(/[а-яіїєґ]/i);
  });

  it("refuses a wrong current password under old_password", async () => {
    const user = await signedUp();
    const response = await call(
      "POST",
      "/change-password/",
      { old_password: "not-my-password", new_password: "brand-new-secret-9" },
      { token: user.access },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ old_password: ["The current password is wrong"] });
    expect((await refreshWith(user.refresh)).statusCode).toBe(200);
  });

  it("applies the password rule to new_password", async () => {
    const user = await signedUp();
    const response = await call(
      "POST",
      "/change-password/",
      { old_password: PASSWORD, new_password: "12345678" },
      { token: user.access },
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json())).toEqual(["new_password"]);
  });

  it("requires authentication before looking at the body", async () => {
    const response = await call("POST", "/change-password/", { nonsense: true });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("not_authenticated");
  });
});

describe("GET userinfo/", () => {
  it("answers a list of one: the signed-in user", async () => {
    const user = await signedUp();
    const response = await call("GET", "/userinfo/", undefined, { token: user.access });
    expect(response.statusCode).toBe(200);
    const list = response.json();
    expect(list).toEqual([
      {
        id: user.id,
        email: user.email,
        username: user.email,
        first_name: "",
        last_name: "",
        language_code: "en",
        date_joined: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        referral_code: expect.any(String),
        // Registration completes through the mailed link: the address is proven.
        email_verified: true,
      },
    ]);
    expect(Math.abs(Date.parse(list[0].date_joined) - Date.now())).toBeLessThan(60_000);
    const bare = await call("GET", "/userinfo", undefined, { token: user.access });
    expect(bare.statusCode).toBe(200);
  });

  it("answers 401 not_authenticated without a token and token_not_valid with a bad one", async () => {
    const none = await call("GET", "/userinfo/");
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({
      detail: "Authentication credentials were not provided.",
      code: "not_authenticated",
    });
    const bad = await call("GET", "/userinfo/", undefined, { token: "a.b.c" });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({ detail: "Token is not valid", code: "token_not_valid" });
  });
});

describe("PATCH userinfo/{id}/", () => {
  it("updates the user's own profile and answers the updated user", async () => {
    const user = await signedUp();
    const response = await call(
      "PATCH",
      `/userinfo/${user.id}/`,
      { first_name: "  Ada ", last_name: "Lovelace", language_code: "ru", username: "ignored" },
      { token: user.access },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      email: user.email,
      username: user.email,
      first_name: "Ada",
      last_name: "Lovelace",
      language_code: "ru",
    });
    const info = await call("GET", "/userinfo/", undefined, { token: user.access });
    expect(info.json()[0].first_name).toBe("Ada");
  });

  it("does not change the e-mail with an access token alone; taken or free, the same answer", async () => {
    // A stolen access token must not move the account to the thief's address (then reset
    // the password there): the change needs the password and a link (POST email/change/).
    const user = await signedUp();
    const other = await register();
    const answers = [];
    for (const email of [uniqueEmail(), other.email]) {
      const response = await call(
        "PATCH",
        `/userinfo/${user.id}/`,
        { email },
        { token: user.access },
      );
      answers.push([response.statusCode, response.body]);
    }
    expect(answers[0]).toEqual([
      400,
      JSON.stringify({
        email: [
          "To change the e-mail address, use the change form: it asks for your password and confirms the new address by a link.",
        ],
      }),
    ]);
    expect(answers[1]).toEqual(answers[0]);
    const info = await call("GET", "/userinfo/", undefined, { token: user.access });
    expect(info.json()[0].email).toBe(user.email);
    // The same address (any case) is no change and is accepted.
    const same = await call(
      "PATCH",
      `/userinfo/${user.id}/`,
      { email: user.email.toUpperCase(), first_name: "Ada" },
      { token: user.access },
    );
    expect(same.statusCode).toBe(200);
  });

  it("answers 404 for another user's id (B cannot change A) and for a junk id", async () => {
    const a = await signedUp();
    const b = await signedUp();
    for (const id of [String(a.id), "999999", "abc"]) {
      const response = await call(
        "PATCH",
        `/userinfo/${id}/`,
        { first_name: "Mallory" },
        { token: b.access },
      );
      expect(response.statusCode, id).toBe(404);
      expect(response.json().code).toBe("not_found");
    }
    const info = await call("GET", "/userinfo/", undefined, { token: a.access });
    expect(info.json()[0].first_name).toBe("");
  });

  it("validates fields", async () => {
    const user = await signedUp();
    const response = await call(
      "PATCH",
      `/userinfo/${user.id}/`,
      { email: "nope", language_code: "xx" },
      { token: user.access },
    );
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(["email", "language_code"]);
  });

  it("requires authentication", async () => {
    const response = await call("PATCH", "/userinfo/1/", { first_name: "x" });
    expect(response.statusCode).toBe(401);
  });
});

describe("unsafe input", () => {
  it("answers 400, never 500, for NUL characters in any text", async () => {
    const user = await signedUp();
    const cases: Array<[string, string, unknown, string | undefined]> = [
      ["POST", "/register/", { email: uniqueEmail(), password: "abc\u0000defgh1" }, undefined],
      ["POST", "/token/", { email: "a\u0000@example.com", password: "x" }, undefined],
      ["POST", "/register/complete/", { token: "\u0000" }, undefined],
      ["PATCH", `/userinfo/${user.id}/`, { first_name: "Ada\u0000" }, user.access],
      ["PATCH", `/userinfo/${user.id}/`, { last_name: "\u0000" }, user.access],
    ];
    for (const [method, url, body, token] of cases) {
      const response = await call(method as "POST", url, body, { token });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(Object.keys(response.json()).length).toBeGreaterThan(0);
    }
    const info = await call("GET", "/userinfo/", undefined, { token: user.access });
    expect(info.json()[0].first_name).toBe("");
  });

  it("answers 400 for lone surrogates, and accepts proper pairs", async () => {
    const user = await signedUp();
    const url = `/api/v1/userinfo/${user.id}/`;
    const headers = { authorization: `Bearer ${user.access}`, "content-type": "application/json" };
    for (const payload of ['{"first_name":"a\\ud800b"}', '{"last_name":"\\udc00"}']) {
      const response = await t.app.inject({ method: "PATCH", url, headers, payload });
      expect(response.statusCode, payload).toBe(400);
      expect(Object.keys(response.json())).toHaveLength(1);
    }
    const ok = await t.app.inject({
      method: "PATCH",
      url,
      headers,
      payload: '{"first_name":"\\ud83d\\ude00"}',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().first_name).toBe("😀");
  });

  it("answers 400 for malformed JSON and a wrong body type", async () => {
    for (const payload of ['{"email": "a@b.c",', "[]", '"text"', "null"]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/v1/token/",
        headers: { "content-type": "application/json" },
        remoteAddress: nextClientIp(),
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
    }
  });
});

describe("OpenAPI", () => {
  it("documents every accounts call with its schemas and bearer security", async () => {
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    for (const path of [
      "/api/v1/register/",
      "/api/v1/register/complete/",
      "/api/v1/token/",
      "/api/v1/token/refresh/",
      "/api/v1/logout/",
      "/api/v1/change-password/",
      "/api/v1/userinfo/",
      "/api/v1/userinfo/{id}/",
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect(doc.paths["/api/v1/userinfo/"].get.security).toEqual([{ bearer: [] }]);
    expect(doc.paths["/api/v1/token/"].post.security).toEqual([]); // public
    expect(doc.paths["/api/v1/token/"].post.tags).toEqual(["accounts"]);
  });
});

async function dbUser(id: number) {
  const rows = await t.database.db.select().from(users).where(eq(users.id, id));
  return rows[0];
}
