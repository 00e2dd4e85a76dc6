import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPaths } from "../../test-support/api-paths";
import { createLeadsHarness, type LeadsHarness } from "../../test-support/leads-fixtures";
import { testRedisNamespace } from "../../test-support/redis-namespace";
import { VISITOR_LIMITS } from "./visitor-limits";

// Runs when REDIS_TEST_URL names a Redis server (.ci/run sets it; see vitest.config.ts).
const redis = testRedisNamespace();
const REDIS_URL = redis.url;

// Two apps on one Redis stand for two server processes behind one load balancer.
let a: LeadsHarness;
let b: LeadsHarness;
beforeAll(async () => {
  const env = { REDIS_URL, RATE_LIMIT_NAMESPACE: redis.namespace };
  [a, b] = await Promise.all([createLeadsHarness(env), createLeadsHarness(env)]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await redis.clear();
});

describe(`visitor limits in Redis (${REDIS_URL})`, () => {
  it("count 40 simultaneous sessions of one address across two processes exactly", async () => {
    const ip = "198.51.100.60";
    const [quizA, quizB] = await Promise.all([a.publishedQuiz(), b.publishedQuiz()]);
    const open = (h: LeadsHarness, key: string) =>
      h.post(apiPaths.clientSessions, { quiz: key }, { ip });
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        n % 2 === 0 ? open(a, quizA.publicKey) : open(b, quizB.publicKey),
      ),
    );
    expect(burst.map((r) => r.statusCode)).toEqual(Array(40).fill(201));
    for (let n = 40; n < VISITOR_LIMITS.sessionsPerIp.max; n++) {
      expect(
        (await open(n % 2 === 0 ? a : b, n % 2 === 0 ? quizA.publicKey : quizB.publicKey))
          .statusCode,
      ).toBe(201);
    }
    expect((await open(a, quizA.publicKey)).statusCode).toBe(429);
    expect((await open(b, quizB.publicKey)).statusCode).toBe(429);
  });
});
