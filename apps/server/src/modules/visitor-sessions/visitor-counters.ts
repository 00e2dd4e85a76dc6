import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import type { AppContext } from "../../app-context";

/** A fixed-window counter: `name` counted per window of `windowMs`. */
export interface CounterRule {
  max: number;
  windowMs: number;
}

export interface Counter {
  name: string;
  rule: CounterRule;
}

/**
 * Counters of the visitor calls' limits. Unlike the auth calls' limits (plugins/rate-limit.ts,
 * which count every request on arrival) the lead limits read a count first and add to it only
 * after a lead was stored, so two operations: `read` and `add`. Same store as the auth limits:
 * Redis when REDIS_URL is set (shared by every process, keys under RATE_LIMIT_NAMESPACE),
 * this process's memory otherwise. When Redis does not answer, counts read as 0 and adds are
 * dropped (logged): an outage of the counter store must not turn visitors away.
 */
export interface VisitorCounters {
  read(counters: readonly Counter[]): Promise<number[]>;
  /** Adds one to each counter; answers the new counts. */
  add(counters: readonly Counter[]): Promise<number[]>;
  /** Milliseconds until the current window of `rule` ends (for Retry-After). */
  windowLeftMs(rule: CounterRule): number;
}

const shared = new WeakMap<AppContext["config"], VisitorCounters>();

/** The counters of one app, created on first use (the Redis connection closes with the app). */
export function visitorCountersFor(
  app: FastifyInstance,
  context: Pick<AppContext, "config" | "log">,
): VisitorCounters {
  let counters = shared.get(context.config);
  if (counters) return counters;
  const { config } = context;
  if (config.redisUrl && config.rateLimit.enabled) {
    const redis = new Redis(config.redisUrl, {
      connectTimeout: 2_000,
      commandTimeout: 1_000,
      maxRetriesPerRequest: 1,
      lazyConnect: true,
    });
    redis.on("error", (err) => context.log.warn({ err }, "visitor counters: Redis error"));
    app.addHook("onClose", async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    counters = redisCounters(redis, `${config.rateLimit.namespace}visitor:`, context.log);
  } else {
    counters = memoryCounters();
  }
  shared.set(context.config, counters);
  return counters;
}

function windowKey(counter: Counter, now: number): string {
  return `${counter.name}:${Math.floor(now / counter.rule.windowMs)}`;
}

function windowLeft(rule: CounterRule, now: number): number {
  return rule.windowMs - (now % rule.windowMs);
}

const MEMORY_MAX_KEYS = 100_000;

/** Counters in this process's memory, expired windows swept as keys are added. */
export function memoryCounters(now: () => number = Date.now): VisitorCounters {
  const counts = new Map<string, { count: number; expires: number }>();
  const current = (key: string, at: number) => {
    const entry = counts.get(key);
    if (entry && entry.expires <= at) {
      counts.delete(key);
      return undefined;
    }
    return entry;
  };
  const sweep = (at: number) => {
    for (const [key, entry] of counts) if (entry.expires <= at) counts.delete(key);
    while (counts.size >= MEMORY_MAX_KEYS) {
      const oldest = counts.keys().next();
      if (oldest.done) break;
      counts.delete(oldest.value);
    }
  };
  return {
    async read(counters) {
      const at = now();
      return counters.map((counter) => current(windowKey(counter, at), at)?.count ?? 0);
    },
    async add(counters) {
      const at = now();
      return counters.map((counter) => {
        const key = windowKey(counter, at);
        const entry = current(key, at);
        if (entry) {
          entry.count += 1;
          return entry.count;
        }
        if (counts.size >= MEMORY_MAX_KEYS) sweep(at);
        counts.set(key, { count: 1, expires: at + windowLeft(counter.rule, at) });
        return 1;
      });
    },
    windowLeftMs: (rule) => windowLeft(rule, now()),
  };
}

export function redisCounters(
  redis: Redis,
  prefix: string,
  log: AppContext["log"],
  now: () => number = Date.now,
): VisitorCounters {
  return {
    async read(counters) {
      const at = now();
      try {
        const values = await redis.mget(counters.map((c) => prefix + windowKey(c, at)));
        return values.map((value) => Number(value ?? 0) || 0);
      } catch (err) {
        log.warn({ err }, "visitor counters unavailable; read as 0");
        return counters.map(() => 0);
      }
    },
    async add(counters) {
      const at = now();
      const multi = redis.multi();
      for (const counter of counters) {
        const key = prefix + windowKey(counter, at);
        multi.incr(key);
        multi.pexpire(key, windowLeft(counter.rule, at) + 1_000);
      }
      try {
        const results = (await multi.exec()) ?? [];
        return counters.map((_, i) => Number(results[i * 2]?.[1] ?? 0) || 0);
      } catch (err) {
        log.warn({ err }, "visitor counters unavailable; count dropped");
        return counters.map(() => 0);
      }
    },
    windowLeftMs: (rule) => windowLeft(rule, now()),
  };
}
