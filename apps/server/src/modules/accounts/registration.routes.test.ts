import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { pendingRegistrations, users } from "../../db/schema";
import { apiCall, freshIp, registerUser, TEST_PASSWORD } from "../../test-support/api-client";
import { useMailingTestApp } from "../../test-support/mailing-test-app";
import { parseMail } from "../../test-support/parse-mail";
import {
  completeRegistration,
  cookieHeaderOf,
  registrationToken,
} from "../../test-support/registration";
import { hashToken } from "./tokens.service";

/**
 * Registration through a mailed link (docs/security.md "Registration"), over a real SMTP
 * peer: the answer never tells whether an address has an account, and nothing signs in
 * until the address's owner follows the link.
 */

const uniqueEmail = () => `reg-${randomUUID().slice(0, 8)}@example.com`;

describe("registration over SMTP", () => {
  const mailing = useMailingTestApp();
  const app = () => mailing.app;

  function register(email: string, options: { language?: string; referral?: string } = {}) {
    return apiCall(app(), "POST", "/register/", {
      body: {
        username: email,
        email,
        password: "attempted-secret-5",
        language: options.language ?? "en",
        ...(options.referral ? { referral_code: options.referral } : {}),
      },
      language: "en",
    });
  }

  /** What a client can see of an answer: status, headers (but the date) and body bytes. */
  function visible(response: LightMyRequestResponse) {
    const { date: _date, ...headers } = response.headers;
    return { status: response.statusCode, headers, body: response.body };
  }

  /** Registers `email` twice: the tokens of both mailed links. */
  async function twoLinks(email: string): Promise<[string, string]> {
    await register(email);
    const first = await registrationToken(app(), email);
    await register(email);
    return [first, await registrationToken(app(), email)];
  }

  async function accountsOf(email: string) {
    return app()
      .database.db.select()
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
  }

  it("answers an address with an account exactly as a new one, and signs nobody in", async () => {
    const owner = await registerUser(app(), { language: "ru" });
    const known = await register(owner.email.toUpperCase());
    const fresh = await register(uniqueEmail());
    expect(visible(known)).toEqual(visible(fresh));
    expect(known.statusCode).toBe(202);
    expect(known.json()).toEqual({
      detail:
        "Check your e-mail: we have sent you a link to finish the registration. The link is valid for 48 hours.",
    });
    expect(known.headers["set-cookie"]).toBeUndefined();

    // The owner is told, in the account's language, with the ways in; nothing else changed.
    const notice = parseMail((await mailing.smtp.next({ to: owner.email })).raw);
    expect(notice.subject).toBe("Кто-то пытался зарегистрироваться в Leadquiz с вашим адресом");
    expect(notice.text).toContain("http://localhost:3000/login");
    expect(notice.text).toContain("http://localhost:3000/forgot-password");
    expect(notice.html).toContain('href="http://localhost:3000/login"');
    expect(notice.html).toContain('href="http://localhost:3000/forgot-password"');
    expect(notice.text).not.toContain("/complete-registration/");
    expect(await accountsOf(owner.email)).toHaveLength(1);
    const attempted = await apiCall(app(), "POST", "/token/", {
      body: { email: owner.email, password: "attempted-secret-5" },
    });
    expect(attempted.statusCode).toBe(401);
    const own = await apiCall(app(), "POST", "/token/", {
      body: { email: owner.email, password: TEST_PASSWORD },
    });
    expect(own.statusCode).toBe(200);
  });

  it("a pending registration signs in as an unknown address does; its link makes the account", async () => {
    const inviter = await registerUser(app());
    const { referral_code } = (
      await apiCall(app(), "GET", "/userinfo/", { user: inviter })
    ).json()[0];
    const email = uniqueEmail();
    expect((await register(email, { language: "uk", referral: referral_code })).statusCode).toBe(
      202,
    );
    const mail = parseMail((await mailing.smtp.next({ to: email })).raw);
    expect(mail.subject).toBe("Завершіть реєстрацію в Leadquiz");
    const link = /http:\/\/localhost:3000\/complete-registration\/([\w-]+)/.exec(mail.text);
    expect(mail.html).toContain(`href="${link?.[0]}"`);
    const token = link?.[1] ?? "";

    // Until the link is followed there is no account: sign-in and reset see none.
    const pending = await apiCall(app(), "POST", "/token/", {
      body: { email, password: "attempted-secret-5" },
    });
    const unknown = await apiCall(app(), "POST", "/token/", {
      body: { email: uniqueEmail(), password: "attempted-secret-5" },
    });
    expect(visible(pending)).toEqual(visible(unknown));
    expect(pending.statusCode).toBe(401);
    expect(await accountsOf(email)).toEqual([]);
    const sentBefore = mailing.smtp.received.length;
    expect((await apiCall(app(), "POST", "/password_reset/", { body: { email } })).statusCode).toBe(
      200,
    );
    await app().app.mailer.idle();
    expect(mailing.smtp.received.length).toBe(sentBefore);

    // The link: the account, its address proven, signed in (the session cookie).
    const completed = await completeRegistration(app(), token, freshIp());
    expect(completed.statusCode).toBe(200);
    expect(Object.keys(completed.json())).toEqual(["access"]);
    expect(cookieHeaderOf(completed)).toMatch(/^lq_refresh=/);
    const info = await apiCall(app(), "GET", "/userinfo/", {
      user: { id: 0, token: completed.json().access, email, language: "uk" },
    });
    expect(info.json()[0]).toMatchObject({ email, language_code: "uk", email_verified: true });
    const [account] = await accountsOf(email);
    expect(account?.referredBy).toBe(inviter.id);
    const refreshed = await apiCall(app(), "POST", "/token/refresh/", {
      headers: { "x-requested-with": "leadquiz", cookie: cookieHeaderOf(completed) },
    });
    expect(refreshed.statusCode).toBe(200);
    const signedIn = await apiCall(app(), "POST", "/token/", {
      body: { email, password: "attempted-secret-5" },
    });
    expect(signedIn.statusCode).toBe(200);

    // The link works once, and says so.
    const again = await completeRegistration(app(), token, freshIp());
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({
      detail: "This registration link has already been used, and the account exists. Sign in.",
      code: "not_found",
    });
    expect(again.headers["set-cookie"]).toBeUndefined();
    // The spent registration keeps no password hash.
    const [row] = await app()
      .database.db.select()
      .from(pendingRegistrations)
      .where(eq(pendingRegistrations.tokenHash, hashToken(token)));
    expect(row?.passwordHash).toBeNull();
  });

  it("an expired link says so (translated) and the person can register again", async () => {
    const email = uniqueEmail();
    await register(email);
    const token = await registrationToken(app(), email);
    await app()
      .database.db.update(pendingRegistrations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(pendingRegistrations.tokenHash, hashToken(token)));
    const expired = await apiCall(app(), "POST", "/register/complete/", {
      body: { token },
      language: "ru",
    });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().detail).toBe(
      "Срок действия этой ссылки регистрации истёк. Зарегистрируйтесь снова, чтобы получить новую.",
    );
    expect(await accountsOf(email)).toEqual([]);

    await register(email);
    const renewed = await completeRegistration(
      app(),
      await registrationToken(app(), email),
      freshIp(),
    );
    expect(renewed.statusCode).toBe(200);
  });

  it("an unknown link says so", async () => {
    const response = await apiCall(app(), "POST", "/register/complete/", {
      body: { token: "no-such-link" },
      language: "uk",
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      detail: "Це посилання реєстрації недійсне. Зареєструйтеся знову, щоб отримати нове.",
      code: "not_found",
    });
  });

  it("of two registrations of one address, the first link followed wins; the other is spent", async () => {
    const email = uniqueEmail();
    const [first, second] = await twoLinks(email);
    expect(second).not.toBe(first);
    expect((await completeRegistration(app(), second, freshIp())).statusCode).toBe(200);
    const late = await completeRegistration(app(), first, freshIp());
    expect(late.statusCode).toBe(404);
    expect(late.json().detail).toContain("already been used");
    expect(await accountsOf(email)).toHaveLength(1);
  });

  it("links followed at the same moment make one account (the same link, and two links)", async () => {
    const email = uniqueEmail();
    const [one, other] = await twoLinks(email);
    const answers = await Promise.all([
      completeRegistration(app(), one, freshIp()),
      completeRegistration(app(), one, freshIp()),
      completeRegistration(app(), other, freshIp()),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404, 404]);
    expect(await accountsOf(email)).toHaveLength(1);
  });
});
