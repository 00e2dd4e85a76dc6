import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordResetTokens, users } from "../../db/schema";
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
    const refreshed = await mailing.app.app.inject({
      method: "POST",
      url: "/api/v1/token/refresh/",
      headers: { cookie: session, "x-requested-with": "leadquiz" },
      remoteAddress: nextIp(),
    });
    expect(refreshed.statusCode).toBe(401);

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

  it("keeps earlier links valid until one of them is used", async () => {
    await registered("twice@example.com");
    await post(mailing.app, "password_reset/", { email: "twice@example.com" });
    const first = linkOf(
      parseMail((await mailing.smtp.next({ to: "twice@example.com" })).raw).text,
    ).token;
    await post(mailing.app, "password_reset/", { email: "twice@example.com" });
    const second = linkOf(
      parseMail((await mailing.smtp.next({ to: "twice@example.com" })).raw).text,
    ).token;
    expect(second).not.toBe(first);
    const used = await post(mailing.app, "password_reset/confirm/", {
      token: first,
      password: NEW_PASSWORD,
    });
    expect(used.statusCode).toBe(200);
    const retired = await post(mailing.app, "password_reset/confirm/", {
      token: second,
      password: NEW_PASSWORD,
    });
    expect(retired.statusCode).toBe(404);
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
