import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientKey, PASSWORD_CONFIRM_FAILURES, RATE_LIMITS } from "../../plugins/rate-limit";
import { backoffDelayMs, SIGN_IN_FAILURES } from "../../plugins/sign-in-failures";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { exhaust, nextClientIp, registerOwner, signIn, uniqueEmail } from "./rate-limit-attempts";

const TOKEN_PER_IP = SIGN_IN_FAILURES.perIpMax;
const REGISTER_PER_IP = RATE_LIMITS.register.perIp.max;
const REGISTER_PER_ADDRESS = RATE_LIMITS.register.perAddress.max;
const PASSWORD_CONFIRM_PER_ACCOUNT = PASSWORD_CONFIRM_FAILURES.maxFailures;

describe("rate limits (in memory, socket address)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it(`refuses a client after ${TOKEN_PER_IP} failures a minute, with Retry-After`, async () => {
    const ip = "198.51.100.7";
    await exhaust(t, TOKEN_PER_IP, () => ({ ip }));
    const limited = await signIn(t, { ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      detail: expect.stringMatching(/^Too many attempts/),
      code: "rate_limited",
    });
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.json().detail).toContain(String(retryAfter));
    // Another client is not affected.
    expect((await signIn(t)).statusCode).toBe(401);
  });

  it("translates the 429 (ru, uk)", async () => {
    const ip = "198.51.100.8";
    await exhaust(t, TOKEN_PER_IP, () => ({ ip }));
    for (const language of ["ru", "uk"]) {
      const limited = await signIn(t, { ip, language });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe("rate_limited");
      expect(limited.json().detail).toMatch(/[а-яёіїєґ]/i);
    }
  });

  it("ignores a spoofed X-Forwarded-For when no proxy is trusted", async () => {
    const ip = "198.51.100.9";
    let n = 0;
    await exhaust(t, TOKEN_PER_IP, () => ({ ip, forwardedFor: `203.0.113.${++n}` }));
    for (const forwardedFor of ["203.0.113.200", "192.0.2.1, 203.0.113.201", "::1"]) {
      expect((await signIn(t, { ip, forwardedFor })).statusCode).toBe(429);
    }
  });

  it("counts IPv6 clients per /64", async () => {
    let n = 0;
    await exhaust(t, TOKEN_PER_IP, () => ({ ip: `2001:db8:1:2::${(++n).toString(16)}` }));
    expect((await signIn(t, { ip: "2001:db8:1:2:ffff::1" })).statusCode).toBe(429);
    expect((await signIn(t, { ip: "2001:db8:1:3::1" })).statusCode).toBe(401);
  });

  it("never refuses the right password because of earlier successful sign-ins", async () => {
    const owner = await registerOwner(t);
    const ip = "198.51.100.60";
    for (let i = 0; i < TOKEN_PER_IP + 5; i++) {
      const response = await signIn(t, { ip, email: owner.email, password: owner.password });
      expect(response.statusCode, `sign-in ${i + 1}`).toBe(200);
    }
  });

  it("does not let wrong passwords from another client lock the owner out", async () => {
    const owner = await registerOwner(t);
    const attacker = "203.0.113.66";
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await signIn(t, { ip: attacker, email: owner.email })).statusCode);
    }
    const free = SIGN_IN_FAILURES.freeFailures;
    expect(statuses).toEqual([...Array(free).fill(401), ...Array(10 - free).fill(429)]);
    const ownIp = "198.51.100.61";
    const own = await signIn(t, { ip: ownIp, email: owner.email, password: owner.password });
    expect(own.statusCode).toBe(200);
  });

  it("backs off failures per address and client: the wait doubles, a success clears it", async () => {
    const owner = await registerOwner(t);
    const ip = "198.51.100.62";
    const attempt = { ip, email: owner.email };
    await exhaust(t, SIGN_IN_FAILURES.freeFailures, () => attempt);
    const first = await signIn(t, attempt);
    expect(first.statusCode).toBe(429);
    expect(Number(first.headers["retry-after"])).toBe(1);
    // Refused even with the right password while the wait lasts.
    expect((await signIn(t, { ...attempt, password: owner.password })).statusCode).toBe(429);
    await sleep(1_100);
    expect((await signIn(t, attempt)).statusCode).toBe(401);
    const second = await signIn(t, attempt);
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers["retry-after"])).toBe(2);
    // The same address from another client is not waiting.
    expect((await signIn(t, { ...attempt, ip: "198.51.100.63" })).statusCode).toBe(401);
    await sleep(2_100);
    expect((await signIn(t, { ...attempt, password: owner.password })).statusCode).toBe(200);
    // The success forgot the failures: the free attempts are back.
    await exhaust(t, SIGN_IN_FAILURES.freeFailures, () => attempt);
  });

  it("grows the wait by doubling up to its cap", () => {
    const { freeFailures, baseDelayMs, maxDelayMs } = SIGN_IN_FAILURES;
    expect(backoffDelayMs(freeFailures - 1)).toBe(0);
    expect(backoffDelayMs(freeFailures)).toBe(baseDelayMs);
    expect(backoffDelayMs(freeFailures + 1)).toBe(2 * baseDelayMs);
    expect(backoffDelayMs(freeFailures + 3)).toBe(8 * baseDelayMs);
    expect(backoffDelayMs(freeFailures + 100)).toBe(maxDelayMs);
  });

  it(`limits register/ to ${REGISTER_PER_IP} an hour per client, counting refused bodies`, async () => {
    const ip = "198.51.100.10";
    for (let i = 0; i < REGISTER_PER_IP; i++) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/v1/register/",
        remoteAddress: ip,
        payload: { email: "not-an-email", password: "x" },
      });
      expect(response.statusCode).toBe(400);
    }
    const limited = await t.app.inject({
      method: "POST",
      url: "/api/v1/register/",
      remoteAddress: ip,
      payload: { email: uniqueEmail(), password: "correct-horse-7" },
    });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(60 * 59);
  });

  it(`limits register/ to ${REGISTER_PER_ADDRESS} an hour per e-mail address`, async () => {
    const email = uniqueEmail();
    const statuses: number[] = [];
    for (let i = 0; i <= REGISTER_PER_ADDRESS; i++) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/v1/register/",
        remoteAddress: nextClientIp(),
        payload: { email, password: "correct-horse-7" },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(REGISTER_PER_ADDRESS).fill(202), 429]);
  });

  it(`limits a signed-in account's wrong current passwords to ${PASSWORD_CONFIRM_PER_ACCOUNT} an hour, whatever the client address`, async () => {
    const owner = await registerOwner(t);
    const other = await registerOwner(t);
    const accessOf = async (who: { email: string; password: string }) =>
      (await signIn(t, { email: who.email, password: who.password })).json().access as string;
    const [access, otherAccess] = [await accessOf(owner), await accessOf(other)];
    const changePassword = (token: string, oldPassword: string, language = "en") =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/change-password/",
        remoteAddress: nextClientIp(),
        headers: { authorization: `Bearer ${token}`, "accept-language": language },
        payload: { old_password: oldPassword, new_password: "another-horse-8" },
      });
    const newKey = (token: string, password: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/v1/api-keys/",
        remoteAddress: nextClientIp(),
        headers: { authorization: `Bearer ${token}` },
        payload: { name: "Zapier", password },
      });
    // The right password is never counted.
    for (let i = 0; i <= PASSWORD_CONFIRM_PER_ACCOUNT; i++) {
      expect((await newKey(access, owner.password)).statusCode, `key ${i + 1}`).toBe(201);
    }
    // A thief with the session guesses through both calls, each from another address.
    const statuses: number[] = [];
    for (let i = 0; i < PASSWORD_CONFIRM_PER_ACCOUNT; i++) {
      const guess = `guess-${i}-password`;
      const response = i % 2 ? await newKey(access, guess) : await changePassword(access, guess);
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual(Array(PASSWORD_CONFIRM_PER_ACCOUNT).fill(400));
    // The next one is refused before the password is looked at, even the right one.
    const limited = await changePassword(access, owner.password, "uk");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("rate_limited");
    expect(limited.json().detail).toMatch(/[а-яёіїєґ]/i);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await newKey(access, owner.password)).statusCode).toBe(429);
    // The password did not change, and another account is not affected.
    expect((await signIn(t, { email: owner.email, password: owner.password })).statusCode).toBe(
      200,
    );
    expect((await changePassword(otherAccess, "wrong-password-1")).statusCode).toBe(400);
  });

  it("does not limit token/refresh/", async () => {
    for (let i = 0; i < TOKEN_PER_IP + 5; i++) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/v1/token/refresh/",
        remoteAddress: "198.51.100.11",
        headers: { "x-requested-with": "leadquiz", cookie: "lq_refresh=nope" },
      });
      expect(response.statusCode).toBe(401);
    }
  });
});

describe("rate limits behind a trusted proxy (TRUST_PROXY=127.0.0.1)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: "127.0.0.1" });
  });
  afterAll(async () => t.close());

  it("counts the forwarded client address, not the proxy's", async () => {
    const proxy = "127.0.0.1";
    await exhaust(t, TOKEN_PER_IP, () => ({ ip: proxy, forwardedFor: "203.0.113.50" }));
    expect((await signIn(t, { ip: proxy, forwardedFor: "203.0.113.50" })).statusCode).toBe(429);
    // Another client behind the same proxy has its own counter.
    expect((await signIn(t, { ip: proxy, forwardedFor: "203.0.113.51" })).statusCode).toBe(401);
    // A client-supplied hop in front of the real one does not help either.
    expect((await signIn(t, { ip: proxy, forwardedFor: "1.2.3.4, 203.0.113.50" })).statusCode).toBe(
      429,
    );
  });

  it("still ignores X-Forwarded-For from an address that is not a trusted proxy", async () => {
    const ip = "198.51.100.20";
    let n = 0;
    await exhaust(t, TOKEN_PER_IP, () => ({ ip, forwardedFor: `203.0.113.${++n}` }));
    expect((await signIn(t, { ip, forwardedFor: "203.0.113.99" })).statusCode).toBe(429);
  });
});

describe("RATE_LIMIT_ENABLED=false", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_ENABLED: "false" });
  });
  afterAll(async () => t.close());

  it("switches the limits off", async () => {
    const email = uniqueEmail();
    await exhaust(t, TOKEN_PER_IP + 2, () => ({ ip: "198.51.100.30", email }));
  });
});

describe("rate limits when Redis does not answer", () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every counter update fails.
    t = await createTestApp({ REDIS_URL: "redis://127.0.0.1:1" });
  });
  afterAll(async () => t.close());

  it("lets requests through instead of locking everyone out", async () => {
    const response = await signIn(t, { ip: "198.51.100.50" });
    expect(response.statusCode).toBe(401);
  });
});

describe("clientKey", () => {
  it("keeps IPv4, unwraps IPv4-mapped IPv6 and cuts IPv6 to its /64", () => {
    expect(clientKey("203.0.113.5")).toBe("203.0.113.5");
    expect(clientKey("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(clientKey("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:0db8:0001:0002:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
  });
});
