import type { Redis } from "ioredis";

/**
 * Failed sign-ins (POST token/), counted so that guessing slows down while the owner can
 * always sign in from their own address — docs/adr/0004-rate-limits.md:
 *
 * - per e-mail address + client IP: the first `freeFailures` failures cost nothing; after
 *   them each next attempt waits `baseDelayMs`, doubled per further failure, at most
 *   `maxDelayMs`. A failure-free hour forgets the key; a successful sign-in clears it.
 * - per client IP (any address): `perIpMax` failures per `perIpWindowMs` (fixed window),
 *   against one client trying many addresses.
 *
 * Successful sign-ins are never counted.
 */
export const SIGN_IN_FAILURES = {
  freeFailures: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  forgetAfterMs: 60 * 60_000,
  perIpMax: 20,
  perIpWindowMs: 60_000,
} as const;

/** The wait after `failures` failures of one address + IP key (0: no wait). */
export function backoffDelayMs(failures: number): number {
  const { freeFailures, baseDelayMs, maxDelayMs } = SIGN_IN_FAILURES;
  if (failures < freeFailures) return 0;
  const exponent = Math.min(failures - freeFailures, 30);
  return Math.min(baseDelayMs * 2 ** exponent, maxDelayMs);
}

/** One key's failures: how many, and when the last one happened (ms since the epoch). */
export interface FailureRecord {
  failures: number;
  lastAt: number;
}

/** Where failures are kept: this process's memory, or Redis shared by every process. */
export interface FailureStore {
  /** The backoff key's record, undefined when it has none (or it was forgotten). */
  get(key: string): Promise<FailureRecord | undefined>;
  /** Counts one failure of a backoff key (sliding expiry of `forgetAfterMs`). */
  recordFailure(key: string, now: number): Promise<void>;
  /** Forgets a backoff key (a successful sign-in). */
  clear(key: string): Promise<void>;
  /** A fixed-window counter: the count after adding `add` (0: just read) and ms left. */
  window(key: string, add: number, windowMs: number): Promise<{ count: number; ttlMs: number }>;
}

/** In memory, at most `capacity` keys (the oldest written are dropped first). */
export function memoryFailureStore(capacity = 50_000): FailureStore {
  const records = new Map<string, FailureRecord & { expiresAt: number }>();
  const windows = new Map<string, { count: number; expiresAt: number }>();
  const trim = (map: Map<string, unknown>) => {
    while (map.size > capacity) {
      const oldest = map.keys().next();
      if (oldest.done) return;
      map.delete(oldest.value);
    }
  };
  return {
    async get(key) {
      const record = records.get(key);
      if (!record || record.expiresAt <= Date.now()) return undefined;
      return { failures: record.failures, lastAt: record.lastAt };
    },
    async recordFailure(key, now) {
      const previous = records.get(key);
      const failures = previous && previous.expiresAt > now ? previous.failures + 1 : 1;
      records.delete(key);
      records.set(key, {
        failures,
        lastAt: now,
        expiresAt: now + SIGN_IN_FAILURES.forgetAfterMs,
      });
      trim(records);
    },
    async clear(key) {
      records.delete(key);
    },
    async window(key, add, windowMs) {
      const now = Date.now();
      let entry = windows.get(key);
      if (!entry || entry.expiresAt <= now) {
        if (add === 0) return { count: 0, ttlMs: 0 };
        entry = { count: 0, expiresAt: now + windowMs };
        windows.set(key, entry);
        trim(windows);
      }
      entry.count += add;
      return { count: entry.count, ttlMs: entry.expiresAt - now };
    },
  };
}

/** In Redis under `namespace` (RATE_LIMIT_NAMESPACE). */
export function redisFailureStore(redis: Redis, namespace: string): FailureStore {
  const k = (key: string) => `${namespace}${key}`;
  return {
    async get(key) {
      const fields = await redis.hmget(k(key), "failures", "lastAt");
      const failures = Number(fields[0]);
      const lastAt = Number(fields[1]);
      if (!Number.isFinite(failures) || failures <= 0 || !Number.isFinite(lastAt)) {
        return undefined;
      }
      return { failures, lastAt };
    },
    async recordFailure(key, now) {
      await redis
        .multi()
        .hincrby(k(key), "failures", 1)
        .hset(k(key), "lastAt", String(now))
        .pexpire(k(key), SIGN_IN_FAILURES.forgetAfterMs)
        .exec();
    },
    async clear(key) {
      await redis.del(k(key));
    },
    async window(key, add, windowMs) {
      if (add === 0) {
        const [count, ttl] = await Promise.all([redis.get(k(key)), redis.pttl(k(key))]);
        return { count: Number(count ?? 0), ttlMs: Math.max(0, ttl) };
      }
      const result = await redis
        .multi()
        .set(k(key), "0", "PX", windowMs, "NX")
        .incrby(k(key), add)
        .pttl(k(key))
        .exec();
      const count = Number(result?.[1]?.[1] ?? 0);
      const ttlMs = Number(result?.[2]?.[1] ?? windowMs);
      return { count, ttlMs: ttlMs > 0 ? ttlMs : windowMs };
    },
  };
}
