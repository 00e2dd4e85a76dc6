import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../db/schema";
import { useMailingTestApp } from "../../test-support/mailing-test-app";
import { parseMail } from "../../test-support/parse-mail";
import {
  completeRegistration,
  cookieHeaderOf,
  registrationToken,
} from "../../test-support/registration";
import type { TestAppWithDatabase } from "../../test-support/test-app";

const PASSWORD = "first-secret-1";

/** Each call from its own client address, so the per-IP limits stay out of the way. */
let clients = 0;
const nextIp = () => `10.40.${Math.floor(++clients / 250)}.${(clients % 250) + 1}`;

function call(
  t: TestAppWithDatabase,
  method: "GET" | "POST" | "PATCH",
  url: string,
  options: {
    payload?: unknown;
    access?: string;
    language?: string;
    ip?: string;
    /** The session cookie (for token/refresh/, with the app's header). */
    cookie?: string;
  } = {},
) {
  return t.app.inject({
    method,
    url: `/api/v1/${url}`,
    ...(options.payload === undefined
      ? {}
      : { payload: options.payload as Record<string, unknown> }),
    remoteAddress: options.ip ?? nextIp(),
    headers: {
      ...(options.access ? { authorization: `Bearer ${options.access}` } : {}),
      ...(options.language ? { "accept-language": options.language } : {}),
      ...(options.cookie ? { cookie: options.cookie, "x-requested-with": "leadquiz" } : {}),
    },
  });
}

/** The token of the first `{PUBLIC_URL}/{path}/{token}` link of a mail's text. */
function tokenOf(text: string, path: string): string {
  const match = new RegExp(`http://localhost:3000/${path}/([A-Za-z0-9_-]+)`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in:\n${text}`);
  return match[1];
}

/** Registers through the mailed link (taking that e-mail), signed in. */
async function registerAndSignIn(t: TestAppWithDatabase, email: string, language = "en") {
  const registered = await call(t, "POST", "register/", {
    payload: { email, password: PASSWORD, language },
  });
  expect(registered.statusCode, registered.body).toBe(202);
  const completed = await completeRegistration(t, await registrationToken(t, email), nextIp());
  expect(completed.statusCode).toBe(200);
  return {
    access: completed.json<{ access: string }>().access,
    /** The session cookie as the browser sends it back. */
    refresh: cookieHeaderOf(completed),
  };
}

/**
 * An account whose address was never proven: one made before registration went through a
 * mailed link (docs/security.md "Registration"), which the verification link is for.
 */
async function unverifiedAccount(t: TestAppWithDatabase, email: string, language = "en") {
  const account = await registerAndSignIn(t, email, language);
  await t.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.email, email));
  return account;
}

async function me(t: TestAppWithDatabase, access: string) {
  const response = await call(t, "GET", "userinfo/", { access });
  return response.json<{ email: string; email_verified: boolean }[]>()[0];
}

describe("e-mail verification and change over SMTP", () => {
  const mailing = useMailingTestApp();

  it("registration proves the address; an older unproven account works until its link is followed", async () => {
    const registered = await registerAndSignIn(mailing.app, "ann.new@example.com", "ru");
    expect(await me(mailing.app, registered.access)).toMatchObject({ email_verified: true });

    const { access } = await unverifiedAccount(mailing.app, "ann@example.com", "ru");
    expect(await me(mailing.app, access)).toMatchObject({
      email: "ann@example.com",
      email_verified: false,
    });
    expect((await call(mailing.app, "POST", "email/verify/resend/", { access })).statusCode).toBe(
      200,
    );
    const mail = parseMail((await mailing.smtp.next({ to: "ann@example.com" })).raw);
    expect(mail.subject).toBe("Подтвердите адрес электронной почты в Leadquiz");
    const token = tokenOf(mail.text, "verify-email");
    expect(mail.html).toContain(`href="http://localhost:3000/verify-email/${token}"`);

    const verified = await call(mailing.app, "POST", "email/verify/", {
      payload: { token },
      language: "ru",
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ detail: "Ваш адрес электронной почты подтверждён." });
    expect(await me(mailing.app, access)).toMatchObject({ email_verified: true });
    const again = await call(mailing.app, "POST", "email/verify/", { payload: { token } });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe("not_found");
  });

  it("sends a new link on request; the newest one replaces the earlier", async () => {
    const { access } = await unverifiedAccount(mailing.app, "bob@example.com");
    expect((await call(mailing.app, "POST", "email/verify/resend/", { access })).statusCode).toBe(
      200,
    );
    const first = tokenOf(
      parseMail((await mailing.smtp.next({ to: "bob@example.com" })).raw).text,
      "verify-email",
    );
    const resent = await call(mailing.app, "POST", "email/verify/resend/", { access });
    expect(resent.statusCode).toBe(200);
    expect(resent.json().detail).toBe("We have sent a new confirmation link to your address.");
    const second = tokenOf(
      parseMail((await mailing.smtp.next({ to: "bob@example.com" })).raw).text,
      "verify-email",
    );
    expect(second).not.toBe(first);
    expect(
      (await call(mailing.app, "POST", "email/verify/", { payload: { token: first } })).statusCode,
    ).toBe(404);
    expect(
      (await call(mailing.app, "POST", "email/verify/", { payload: { token: second } })).statusCode,
    ).toBe(200);
    expect(await me(mailing.app, access)).toMatchObject({ email_verified: true });
    // Verified: asking again sends nothing.
    const before = mailing.smtp.received.length;
    expect((await call(mailing.app, "POST", "email/verify/resend/", { access })).statusCode).toBe(
      200,
    );
    await mailing.app.app.mailer.idle();
    expect(mailing.smtp.received.length).toBe(before);
    expect((await call(mailing.app, "POST", "email/verify/resend/")).statusCode).toBe(401);
  });

  it("a password reset proves the address as well", async () => {
    await unverifiedAccount(mailing.app, "cid@example.com");
    expect(
      (
        await call(mailing.app, "POST", "password_reset/", {
          payload: { email: "cid@example.com" },
        })
      ).statusCode,
    ).toBe(200);
    const token = tokenOf(
      parseMail((await mailing.smtp.next({ to: "cid@example.com" })).raw).text,
      "reset-password",
    );
    const reset = await call(mailing.app, "POST", "password_reset/confirm/", {
      payload: { token, password: "second-secret-2" },
    });
    expect(reset.statusCode).toBe(200);
    const [row] = await mailing.app.database.db
      .select()
      .from(users)
      .where(eq(users.email, "cid@example.com"));
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it("changes the address only with the password and the link sent to the new one; tells the old one", async () => {
    const { access, refresh } = await registerAndSignIn(mailing.app, "dan@example.com");
    const wrong = await call(mailing.app, "POST", "email/change/", {
      access,
      payload: { email: "dan.new@example.com", password: "not-the-password-1" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json())).toEqual(["password"]);
    await mailing.app.app.mailer.idle();
    expect(mailing.smtp.received.filter((m) => m.to.includes("dan.new@example.com"))).toHaveLength(
      0,
    );

    const asked = await call(mailing.app, "POST", "email/change/", {
      access,
      payload: { email: "Dan.New@Example.com", password: PASSWORD },
    });
    expect(asked.statusCode).toBe(200);
    // Nothing changes until the link is followed.
    expect(await me(mailing.app, access)).toMatchObject({ email: "dan@example.com" });
    const notice = parseMail((await mailing.smtp.next({ to: "dan@example.com" })).raw);
    expect(notice.subject).toBe("Your Leadquiz e-mail address is about to change");
    expect(notice.text).toContain("dan.new@example.com");
    const confirmation = parseMail((await mailing.smtp.next({ to: "dan.new@example.com" })).raw);
    const token = tokenOf(confirmation.text, "confirm-email");
    const confirmed = await call(mailing.app, "POST", "email/change/confirm/", {
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    // Every session of the account ends at once: the one that asked, and any thief's.
    const refused = await call(mailing.app, "GET", "userinfo/", { access });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe("token_not_valid");
    expect(
      (await call(mailing.app, "POST", "token/refresh/", { cookie: refresh })).statusCode,
    ).toBe(401);
    const login = await call(mailing.app, "POST", "token/", {
      payload: { email: "dan.new@example.com", password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(await me(mailing.app, login.json<{ access: string }>().access)).toMatchObject({
      email: "dan.new@example.com",
      email_verified: true,
    });
    expect(
      (await call(mailing.app, "POST", "email/change/confirm/", { payload: { token } })).statusCode,
    ).toBe(404);
  });

  it("answers alike whether the new address is free or taken, and mails only a free one", async () => {
    const { access } = await registerAndSignIn(mailing.app, "eve@example.com");
    await registerAndSignIn(mailing.app, "taken@example.com");
    await mailing.app.app.mailer.idle();
    const before = mailing.smtp.received.length;
    const taken = await call(mailing.app, "POST", "email/change/", {
      access,
      payload: { email: "taken@example.com", password: PASSWORD },
    });
    const free = await call(mailing.app, "POST", "email/change/", {
      access,
      payload: { email: "free@example.com", password: PASSWORD },
    });
    expect(taken.statusCode).toBe(200);
    expect(taken.body).toBe(free.body);
    await mailing.app.app.mailer.idle();
    const sent = mailing.smtp.received.slice(before).map((m) => m.to.join());
    expect(sent.sort()).toEqual(["eve@example.com", "eve@example.com", "free@example.com"]);
  });

  it("limits change requests", async () => {
    const { access } = await registerAndSignIn(mailing.app, "flood@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await call(mailing.app, "POST", "email/change/", {
        access,
        payload: { email: "flood.target@example.com", password: PASSWORD },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
