import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrations, passwordResetTokens, users } from "../../db/schema";
import { useMailingTestApp } from "../../test-support/mailing-test-app";
import { parseMail } from "../../test-support/parse-mail";
import {
  completeRegistration,
  cookieHeaderOf,
  registrationToken,
  userIdOf,
} from "../../test-support/registration";
import { createTestAppWithDatabase, type TestAppWithDatabase } from "../../test-support/test-app";
import { verifyPassword } from "../accounts";

const OLD_PASSWORD = "first-secret-1";
const NEW_PASSWORD = "second-secret-2";

/** Each call from its own client address, so the per-IP limit stays out of the way. */
let clients = 0;
const nextIp = () => `10.30.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`;

async function post(
  t: TestAppWithDatabase,
  url: string,
  payload: unknown,
  options: { language?: string; ip?: string } = {},
) {
  return t.app.inject({
    method: "POST",
    url: `/api/v1/${url}`,
    payload: payload as Record<string, unknown>,
    remoteAddress: options.ip ?? nextIp(),
    headers: options.language ? { "accept-language": options.language } : {},
  });
}

/** POST token/refresh/ with a session cookie (a Cookie header), as the owner app sends it. */
function refreshWith(t: TestAppWithDatabase, cookie: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/v1/token/refresh/",
    headers: { cookie, "x-requested-with": "leadquiz" },
    remoteAddress: nextIp(),
  });
}

/** Registers through the mailed link (taking that e-mail); answers the account's id. */
async function register(t: TestAppWithDatabase, email: string, language = "en") {
  const response = await post(t, "register/", { email, password: OLD_PASSWORD, language });
  expect(response.statusCode, response.body).toBe(202);
  const completed = await completeRegistration(t, await registrationToken(t, email), nextIp());
  expect(completed.statusCode, completed.body).toBe(200);
  return userIdOf(completed.json<{ access: string }>().access);
}

function linkOf(text: string): { link: string; token: string } {
  const match = /(http:\/\/localhost:3000\/reset-password\/([A-Za-z0-9_-]+))/.exec(text);
  if (!match?.[1] || !match[2]) throw new Error(`no reset link in:\n${text}`);
  return { link: match[1], token: match[2] };
}

describe("password reset over SMTP", () => {
  const mailing = useMailingTestApp();
  /** Registers (its link's e-mail taken), so the next mail is the reset's. */
  const registered = (email: string, language = "en") => register(mailing.app, email, language);

  it("mails a link that sets a new password once and revokes the sessions", async () => {
    await registered("jane@example.com");
    const login = await post(mailing.app, "token/", {
      email: "jane@example.com",
      password: OLD_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    const session = cookieHeaderOf(login);

    const asked = await post(mailing.app, "password_reset/", { email: "Jane@Example.com " });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({
      detail: "If an account exists for this address, we have sent a link to reset the password.",
    });

    const mail = await mailing.smtp.next({ to: "jane@example.com" });
    expect(mail.to).toEqual(["jane@example.com"]);
    expect(mail.from).toBe("no-reply@leadquiz.test");
    const parsed = parseMail(mail.raw);
    expect(parsed.subject).toBe("Reset your Leadquiz password");
    const { link, token } = linkOf(parsed.text);
    expect(parsed.html).toContain(`href="${link}"`);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);

    const confirmed = await post(mailing.app, "password_reset/confirm/", {
      token,
      password: NEW_PASSWORD,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ detail: "Password has been reset." });

    const withNew = await post(mailing.app, "token/", {
      email: "jane@example.com",
      password: NEW_PASSWORD,
    });
    expect(withNew.statusCode).toBe(200);
    const withOld = await post(mailing.app, "token/", {
      email: "jane@example.com",
      password: OLD_PASSWORD,
    });
    expect(withOld.statusCode).toBe(401);
    expect((await refreshWith(mailing.app, session)).statusCode).toBe(401);

    const again = await post(mailing.app, "password_reset/confirm/", {
      token,
      password: "third-secret-3",
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ detail: "Token is not valid", code: "not_found" });
    const [row] = await mailing.app.database.db
      .select()
      .from(users)
      .where(eq(users.email, "jane@example.com"));
    expect(await verifyPassword(row?.passwordHash ?? "", NEW_PASSWORD)).toBe(true);
  });

  it("answers a known and an unknown address alike, and mails only the known one", async () => {
    await registered("known@example.com");
    const before = mailing.smtp.received.length;
    const known = await post(mailing.app, "password_reset/", { email: "known@example.com" });
    const unknown = await post(mailing.app, "password_reset/", { email: "nobody@example.com" });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    const headers = (r: typeof known) => {
      const { date: _date, ...rest } = r.headers;
      return rest;
    };
    expect(headers(unknown)).toEqual(headers(known));
    await mailing.app.app.mailer.idle();
    const sent = mailing.smtp.received.slice(before);
    expect(sent.map((m) => m.to)).toEqual([["known@example.com"]]);
  });

  it("mails in the user's language and translates the answers", async () => {
    const ivan = await registered("ivan@example.com", "ru");
    const asked = await post(
      mailing.app,
      "password_reset/",
      { email: "ivan@example.com" },
      { language: "ru" },
    );
    expect(asked.json().detail).toMatch(/^Если аккаунт/);
    const parsed = parseMail((await mailing.smtp.next({ to: "ivan@example.com" })).raw);
    expect(parsed.subject).toBe("Сброс пароля в Leadquiz");
    expect(parsed.text).toContain("Здравствуйте!");
    expect(parsed.html).toContain('lang="ru"');
    const { token } = linkOf(parsed.text);

    // Expired: the token row's expires_at is in the past.
    await mailing.app.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, ivan));
    const en = await post(mailing.app, "password_reset/confirm/", {
      token,
      password: NEW_PASSWORD,
    });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ detail: "Token is not valid", code: "not_found" });
    const ru = await post(
      mailing.app,
      "password_reset/confirm/",
      { token, password: NEW_PASSWORD },
      { language: "ru" },
    );
    expect(ru.statusCode).toBe(404);
    expect(ru.json()).toEqual({ detail: "Токен недействителен", code: "not_found" });
  });

  /** Asks for a reset link of `email` and takes its token from the mail. */
  async function resetToken(email: string): Promise<string> {
    expect((await post(mailing.app, "password_reset/", { email })).statusCode).toBe(200);
    return linkOf(parseMail((await mailing.smtp.next({ to: email })).raw).text).token;
  }

  /** Signs in with the password: the session's pair. */
  async function signIn(email: string, password = OLD_PASSWORD) {
    const login = await post(mailing.app, "token/", { email, password });
    expect(login.statusCode, login.body).toBe(200);
    // The refresh token as the session cookie carries it back.
    return { access: login.json<{ access: string }>().access, refresh: cookieHeaderOf(login) };
  }

  /** A call signed in with an access token or an API key. */
  function bearer(token: string, method: "GET" | "POST", url: string, payload?: object) {
    return mailing.app.app.inject({
      method,
      url: `/api/v1/${url}`,
      headers: { authorization: `Bearer ${token}` },
      remoteAddress: nextIp(),
      ...(payload === undefined ? {} : { payload }),
    });
  }

  async function confirm(token: string, password = NEW_PASSWORD) {
    return (await post(mailing.app, "password_reset/confirm/", { token, password })).statusCode;
  }

  it("makes only the newest link work: asking again retires the earlier ones", async () => {
    await registered("twice@example.com");
    const first = await resetToken("twice@example.com");
    const second = await resetToken("twice@example.com");
    expect(second).not.toBe(first);
    expect(await confirm(first)).toBe(404);
    expect(await confirm(second)).toBe(200);
    // Once only.
    expect(await confirm(second, "third-secret-3")).toBe(404);
  });

  it("leaves exactly one working link when several are asked for at once", async () => {
    const id = await registered("burst@example.com");
    const asked = await Promise.all(
      Array.from({ length: 5 }, () =>
        post(mailing.app, "password_reset/", { email: "burst@example.com" }),
      ),
    );
    expect(asked.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    for (let i = 0; i < 5; i++) await mailing.smtp.next({ to: "burst@example.com" });
    // Confirming one would end the others anyway (the generation moves on): count them.
    const open = await mailing.app.database.db
      .select()
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, id), isNull(passwordResetTokens.usedAt)));
    expect(open).toHaveLength(1);
  });

  it("lets a link work once when it is followed many times at once", async () => {
    await registered("racer@example.com");
    const token = await resetToken("racer@example.com");
    const statuses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => confirm(token, `racing-secret-${i}`)),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 404)).toHaveLength(9);
  });

  it("kills an outstanding link when the password is changed", async () => {
    await registered("changer@example.com");
    const token = await resetToken("changer@example.com");
    const { access } = await signIn("changer@example.com");
    const changed = await bearer(access, "POST", "change-password/", {
      old_password: OLD_PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    // Whoever holds the mail cannot undo the owner's new password.
    expect(await confirm(token, "attacker-secret-9")).toBe(404);
    await signIn("changer@example.com", NEW_PASSWORD);
  });

  it("kills an outstanding link when the e-mail address is changed", async () => {
    await registered("mover@example.com");
    const token = await resetToken("mover@example.com");
    const { access } = await signIn("mover@example.com");
    const asked = await bearer(access, "POST", "email/change/", {
      email: "moved@example.com",
      password: OLD_PASSWORD,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const mail = parseMail((await mailing.smtp.next({ to: "moved@example.com" })).raw);
    const change = /\/confirm-email\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? "";
    expect(await post(mailing.app, "email/change/confirm/", { token: change })).toMatchObject({
      statusCode: 200,
    });
    expect(await confirm(token)).toBe(404);
    await signIn("moved@example.com");
  });

  it("kills an outstanding link when the owner signs out everywhere", async () => {
    await registered("everywhere@example.com");
    const token = await resetToken("everywhere@example.com");
    const { access } = await signIn("everywhere@example.com");
    expect((await bearer(access, "POST", "logout/all/")).statusCode).toBe(205);
    expect(await confirm(token)).toBe(404);
  });

  it("ends every session at once: access tokens die with the reset, not 15 minutes later", async () => {
    await registered("stolen@example.com");
    const thief = await signIn("stolen@example.com");
    const me = (access: string) => bearer(access, "GET", "userinfo/");
    expect((await me(thief.access)).statusCode).toBe(200);
    expect(await confirm(await resetToken("stolen@example.com"))).toBe(200);
    const refused = await me(thief.access);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe("token_not_valid");
    expect((await refreshWith(mailing.app, thief.refresh)).statusCode).toBe(401);
    expect((await me((await signIn("stolen@example.com", NEW_PASSWORD)).access)).statusCode).toBe(
      200,
    );
  });

  it("revokes the account's API keys and their REST hooks, and tells the owner in their language", async () => {
    await registered("keys@example.com", "ru");
    const { access } = await signIn("keys@example.com");
    const makeKey = async (token: string, name: string) => {
      const made = await bearer(token, "POST", "api-keys/", { name });
      expect(made.statusCode, made.body).toBe(201);
      return made.json<{ key: string }>().key;
    };
    const zapier = await makeKey(access, "Zapier");
    await makeKey(access, "n8n");
    const hooked = await bearer(zapier, "POST", "hooks/", {
      target_url: "https://hooks.example.com/catch",
      event: "lead.created",
    });
    expect(hooked.statusCode, hooked.body).toBe(201);
    // Someone else's key stays.
    await registered("bystander@example.com");
    const theirs = await makeKey((await signIn("bystander@example.com")).access, "Make");

    expect(await confirm(await resetToken("keys@example.com"))).toBe(200);

    expect((await bearer(zapier, "GET", "hooks/sample/")).statusCode).toBe(401);
    expect((await bearer(theirs, "GET", "hooks/sample/")).statusCode).toBe(200);
    const { access: fresh } = await signIn("keys@example.com", NEW_PASSWORD);
    expect((await bearer(fresh, "GET", "api-keys/")).json()).toEqual([]);
    const [user] = await mailing.app.database.db
      .select()
      .from(users)
      .where(eq(users.email, "keys@example.com"));
    const hooks = await mailing.app.database.db
      .select()
      .from(integrations)
      .where(eq(integrations.userId, user?.id ?? 0));
    expect(hooks).toEqual([]);

    const notice = parseMail((await mailing.smtp.next({ to: "keys@example.com" })).raw);
    expect(notice.subject).toBe("API-ключи вашего аккаунта Leadquiz отозваны");
    expect(notice.text).toContain("Zapier, n8n");
    expect(notice.text).toContain("http://localhost:3000/settings");
    expect(notice.html).toContain('lang="ru"');
  });

  it("sends no key notice when the account had no keys", async () => {
    await registered("nokeys@example.com");
    expect(await confirm(await resetToken("nokeys@example.com"))).toBe(200);
    await mailing.app.app.mailer.idle();
    const subjects = mailing.smtp.received
      .filter((m) => m.to.includes("nokeys@example.com"))
      .map((m) => parseMail(m.raw).subject);
    expect(subjects).toEqual([
      "Finish creating your Leadquiz account",
      "Reset your Leadquiz password",
    ]);
  });

  it("stores only a SHA-256 hash of the token, valid for one hour", async () => {
    const id = await registered("hash@example.com");
    await post(mailing.app, "password_reset/", { email: "hash@example.com" });
    const { token } = linkOf(
      parseMail((await mailing.smtp.next({ to: "hash@example.com" })).raw).text,
    );
    const [row] = await mailing.app.database.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
    const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(Math.abs(lifetime - 3_600_000)).toBeLessThan(5_000);
  });

  it("answers a malformed address with 400 Email is not valid", async () => {
    for (const email of ["not-an-address", "", undefined]) {
      const response = await post(mailing.app, "password_reset/", { email });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ email: ["Email is not valid"] });
    }
    const ru = await post(mailing.app, "password_reset/", { email: "x@" }, { language: "ru" });
    expect(ru.json()).toEqual({ email: ["Некорректный e-mail"] });
  });

  it("applies the password rule and rejects unknown tokens", async () => {
    const weak = await post(mailing.app, "password_reset/confirm/", {
      token: "whatever",
      password: "12345678",
    });
    expect(weak.statusCode).toBe(400);
    expect(Object.keys(weak.json())).toEqual(["password"]);
    const unknown = await post(mailing.app, "password_reset/confirm/", {
      token: "no-such-token",
      password: NEW_PASSWORD,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: "Token is not valid", code: "not_found" });
  });

  it("limits requests per e-mail address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await post(mailing.app, "password_reset/", { email: "flood@example.com" })).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("password reset without SMTP_URL", () => {
  let t: TestAppWithDatabase;
  beforeAll(async () => {
    t = await createTestAppWithDatabase();
  });
  afterAll(async () => t.close());

  it("writes the e-mail with the link into DATA_DIR/mail/", async () => {
    await register(t, "outbox@example.com", "uk");
    await t.app.mailer.idle();
    const directory = path.join(t.dataDir, "mail");
    const before = new Set(readdirSync(directory));
    const asked = await post(t, "password_reset/", { email: "outbox@example.com" });
    expect(asked.statusCode).toBe(200);
    await t.app.mailer.idle();
    const files = readdirSync(directory).filter(
      (name) => name.endsWith(".eml") && !before.has(name),
    );
    expect(files).toHaveLength(1);
    const parsed = parseMail(readFileSync(path.join(directory, files[0] ?? ""), "utf8"));
    expect(parsed.headers.to).toBe("outbox@example.com");
    expect(parsed.subject).toBe("Скидання пароля в Leadquiz");
    const { token } = linkOf(parsed.text);
    const confirmed = await post(t, "password_reset/confirm/", { token, password: NEW_PASSWORD });
    expect(confirmed.statusCode).toBe(200);
  });
});
