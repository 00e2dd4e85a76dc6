import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../../plugins/rate-limit";
import { createTestApp, type TestApp } from "../../test-support/test-app";
import { exhaust, signIn, uniqueEmail } from "./rate-limit-attempts";

// Runs when REDIS_TEST_URL names a Redis server (.ci/run sets it; see vitest.config.ts).
const TOKEN_PER_IP = RATE_LIMITS.token.perIp.max;
const TOKEN_PER_ADDRESS = RATE_LIMITS.token.perAddress.max;
const REDIS_URL = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";

describe(`rate limits in Redis (${REDIS_URL})`, () => {
  const namespace = `leadquiz-test:${randomUUID()}:`;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = { REDIS_URL, RATE_LIMIT_NAMESPACE: namespace };
    [a, b] = await Promise.all([createTestApp(env), createTestApp(env)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${namespace}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
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
      expect((await redis.keys(`${namespace}*`)).length).toBeGreaterThan(0);
    } finally {
      await redis.quit();
    }
  });

  it("shares the per-address counter too", async () => {
    const email = uniqueEmail();
    await exhaust(a, TOKEN_PER_ADDRESS - 1, () => ({ email }));
    expect((await signIn(b, { email })).statusCode).toBe(401);
    expect((await signIn(a, { email })).statusCode).toBe(429);
  });
});
