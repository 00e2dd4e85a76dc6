import { setTimeout as sleep } from "node:timers/promises";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_FAILURES } from "../../plugins/sign-in-failures";
import { testRedisNamespace } from "../../test-support/redis-namespace";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { exhaust, registerOwner, signIn } from "./rate-limit-attempts";

// Runs when REDIS_TEST_URL names a Redis server (.ci/run sets it; see vitest.config.ts).
const TOKEN_PER_IP = SIGN_IN_FAILURES.perIpMax;
const FREE_FAILURES = SIGN_IN_FAILURES.freeFailures;
const store = testRedisNamespace();
const REDIS_URL = store.url;

describe(`rate limits in Redis (${REDIS_URL})`, () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL, RATE_LIMIT_NAMESPACE: store.namespace };
    [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await store.clear();
  });

  it("shares the counters between two server processes", async () => {
    const ip = "198.51.100.40";
    const half = Math.floor(TOKEN_PER_IP / 2);
    await exhaust(a, half, () => ({ ip }));
    await exhaust(b, TOKEN_PER_IP - half, () => ({ ip }));
    for (const app of [a, b]) {
      const limited = await signIn(app, { ip });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    }
    const redis = new Redis(REDIS_URL);
    try {
      expect((await redis.keys(`${store.namespace}*`)).length).toBeGreaterThan(0);
    } finally {
      await redis.quit();
    }
  });

  it("shares the per address + client backoff, and a success on one clears it on both", async () => {
    // Each test app has its own database: the same account in both.
    const owner = await registerOwner(b, await registerOwner(a));
    const attempt = { ip: "198.51.100.41", email: owner.email };
    await exhaust(a, FREE_FAILURES - 1, () => attempt);
    expect((await signIn(b, attempt)).statusCode).toBe(401);
    const limited = await signIn(a, attempt);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBe(1);
    // Another client of the same address is not waiting, on either process.
    const own = { ip: "198.51.100.42", email: owner.email, password: owner.password };
    for (const app of [a, b, a]) expect((await signIn(app, own)).statusCode).toBe(200);
    await sleep(1_100);
    expect((await signIn(b, { ...attempt, password: owner.password })).statusCode).toBe(200);
    await exhaust(a, FREE_FAILURES, () => attempt);
  });
});
