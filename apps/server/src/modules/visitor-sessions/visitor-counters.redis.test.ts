import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { redisCounters } from "./visitor-counters";
import { leadCounters, leadRateOf, type VisitorLimits } from "./visitor-limits";

// Runs when REDIS_TEST_URL names a Redis server (.ci/run sets it; see vitest.config.ts).
const REDIS_URL = process.env.REDIS_TEST_URL ?? "redis://127.0.0.1:6379";
const prefix = `leadquiz-test:${randomUUID()}:visitor:`;
const log = pino({ level: "silent" });
const small: VisitorLimits = {
  sessionsPerIp: { max: 5, windowMs: 60_000 },
  eventsPerIp: { max: 5, windowMs: 60_000 },
  leadsPerIpPerQuiz: { max: 2, windowMs: 60_000 },
  leadsPerIp: { max: 3, windowMs: 60_000 },
  leadsPerQuiz: { max: 100, windowMs: 60_000 },
  leadsRefusedPerIpPerQuiz: { max: 4, windowMs: 60_000 },
  leadsRefusedPerIp: { max: 6, windowMs: 60_000 },
};
const ok = { kind: "ok" };
const flag = { kind: "flag" };

// Two connections stand for two server processes sharing one Redis.
const connections = [new Redis(REDIS_URL), new Redis(REDIS_URL)];
afterAll(async () => {
  const [first] = connections;
  if (first) {
    const keys = await first.keys(`${prefix}*`);
    if (keys.length > 0) await first.del(...keys);
  }
  await Promise.all(connections.map((c) => c.quit()));
});

describe(`lead counters in Redis (${REDIS_URL})`, () => {
  it("are shared by every server process", async () => {
    const [a, b] = connections.map((redis) => redisCounters(redis, prefix, log));
    if (!a || !b) throw new Error("two counters expected");
    const ip = "203.0.113.70";
    expect(await leadRateOf(a, small, ip, 1)).toEqual(ok);
    await a.add(leadCounters(small, ip, 1));
    // The second process sees the first lead and still takes this address's second one…
    expect(await leadRateOf(b, small, ip, 1)).toEqual(ok);
    await b.add(leadCounters(small, ip, 1));
    // …and from now on both processes flag a third for this quiz.
    expect(await leadRateOf(a, small, ip, 1)).toEqual(flag);
    expect(await leadRateOf(b, small, ip, 1)).toEqual(flag);
    // Across quizzes: one more to another quiz, then the per-address rate flags.
    expect(await leadRateOf(b, small, ip, 2)).toEqual(ok);
    await a.add(leadCounters(small, ip, 2));
    expect(await leadRateOf(b, small, ip, 3)).toEqual(flag);
    // At the abuse level both refuse.
    await a.add(leadCounters(small, ip, 1));
    await b.add(leadCounters(small, ip, 1));
    const refused = { kind: "refuse", rule: small.leadsRefusedPerIpPerQuiz };
    expect(await leadRateOf(a, small, ip, 1)).toEqual(refused);
    expect(await leadRateOf(b, small, ip, 1)).toEqual(refused);
  });

  it("give keys a lifetime so a window's counts expire", async () => {
    const [redis] = connections;
    if (!redis) throw new Error("a connection expected");
    const counters = redisCounters(redis, prefix, log);
    await counters.add(leadCounters(small, "203.0.113.71", 9));
    const keys = await redis.keys(`${prefix}*203.0.113.71*`);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const ttl = await redis.pttl(key);
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(2 * 60_000);
    }
  });
});
