import { isIPv6 } from "node:net";
import fastifyRateLimit from "@fastify/rate-limit";
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
} from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";
import type { AppContext } from "../app-context";
import { AppError } from "../lib/app-error";
import {
  backoffDelayMs,
  type FailureStore,
  memoryFailureStore,
  redisFailureStore,
  SIGN_IN_FAILURES,
} from "./sign-in-failures";

/**
 * The limits of the auth calls, in one place. Sign-in (POST token/) counts failures only,
 * with backoff per address + IP (sign-in-failures.ts). The signed-in calls that check the
 * current password (`passwordConfirm`) count wrong passwords per account
 * (PASSWORD_CONFIRM_FAILURES). Each other call has two
 * counters, both fixed windows, and a request over either answers 429 `rate_limited` with
 * Retry-After:
 *
 * - `perIp`: every request from one client address (`request.ip`: the socket address, or
 *   the X-Forwarded-For hop named by TRUST_PROXY's proxies; an IPv6 client counts per /64),
 *   counted on arrival, before the body is parsed.
 * - `perAddress`: every request that names one e-mail address (`body.email`, lower-cased and
 *   trimmed), successful or not, counted after validation. It stops password guessing
 *   against one account from many addresses and mail-bombing one inbox.
 *
 * | call                 | per IP      | per e-mail address |
 * |----------------------|-------------|--------------------|
 * | POST register/       | 10 / hour   | 5 / hour           |
 * | POST password_reset/ | 10 / hour   | 5 / hour           |
 * | POST auth/exchange/  | 20 / minute | —                  |
 * | POST email/change/   | 10 / hour   | 5 / hour           |
 * | POST email/verify/resend/ | 10 / hour | —               |
 * | POST support/        | 10 / hour   | 5 / hour           |
 *
 * The values are not configurable (tests exercise them as they are); RATE_LIMIT_ENABLED=false
 * switches every limit off (tests of other modules only; logged as a warning at boot).
 */
export const RATE_LIMITS = {
  register: {
    perIp: { max: 10, windowMs: 60 * 60_000 },
    perAddress: { max: 5, windowMs: 60 * 60_000 },
  },
  passwordReset: {
    perIp: { max: 10, windowMs: 60 * 60_000 },
    perAddress: { max: 5, windowMs: 60 * 60_000 },
  },
  socialExchange: {
    perIp: { max: 20, windowMs: 60_000 },
    perAddress: { max: 20, windowMs: 60_000 },
  },
  emailChange: {
    perIp: { max: 10, windowMs: 60 * 60_000 },
    perAddress: { max: 5, windowMs: 60 * 60_000 },
  },
  emailVerifyResend: {
    perIp: { max: 10, windowMs: 60 * 60_000 },
    perAddress: { max: 5, windowMs: 60 * 60_000 },
  },
  /** Each request mails the operators and the reply address: no mail-bombing either. */
  support: {
    perIp: { max: 10, windowMs: 60 * 60_000 },
    perAddress: { max: 5, windowMs: 60 * 60_000 },
  },
} as const satisfies Record<string, { perIp: RateLimitRule; perAddress: RateLimitRule }>;

export interface RateLimitRule {
  max: number;
  windowMs: number;
}

/**
 * Wrong current passwords of one signed-in account (POST change-password/, POST api-keys/
 * with `password`; docs/security.md): a stolen session must not guess the password at
 * argon2's pace. After `maxFailures` wrong ones in the fixed window, both calls answer 429
 * until it ends, the right password too. Calls with the right password are never counted.
 */
export const PASSWORD_CONFIRM_FAILURES = { maxFailures: 10, windowMs: 60 * 60_000 } as const;

export type RateLimitName = keyof typeof RATE_LIMITS | "token" | "passwordConfirm";

/** Route options that apply one call's limits; spread them into the route's options. */
export interface RateLimitHooks {
  onRequest?: onRequestAsyncHookHandler;
  preHandler: preHandlerAsyncHookHandler;
  /** token/ only: counts a 401 as a failure, clears the key on success. */
  onSend?: onSendHookHandler;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Set by rateLimitPlugin; use through `rateLimitFor(app, name)`. */
    rateLimitHooks: Record<RateLimitName, RateLimitHooks>;
  }
}

/**
 * The hooks that apply the limits of `name` to a route. Spread into the route options
 * (a route that needs its own onRequest/preHandler hooks lists them in an array with these):
 *
 *     defineRoute(routes, endpoints.requestPasswordReset, handler, {
 *       ...rateLimitFor(app, "passwordReset"),
 *       attachValidation: true,
 *     })
 *
 * The per-address counter reads `request.body.email`; a body without a string `email` counts
 * only per IP. Requires rateLimitPlugin registered in an enclosing scope (api.ts does).
 */
export function rateLimitFor(app: FastifyInstance, name: RateLimitName): RateLimitHooks {
  if (!app.hasDecorator("rateLimitHooks")) {
    throw new Error("rateLimitPlugin must be registered before routes that use rateLimitFor");
  }
  return app.rateLimitHooks[name];
}

export interface RateLimitPluginOptions {
  context: Pick<AppContext, "config" | "log">;
}

/**
 * Counters in Redis when REDIS_URL is set (shared by every server process; keys prefixed by
 * RATE_LIMIT_NAMESPACE), in this process's memory otherwise. When Redis does not answer, the
 * request is let through and a warning is logged: an outage of the counter store must not
 * lock everyone out of signing in.
 */
export const rateLimitPlugin = fp(
  async function rateLimit(app: FastifyInstance, { context }: RateLimitPluginOptions) {
    const { config } = context;
    let redis: Redis | undefined;
    if (config.rateLimit.enabled && config.redisUrl) {
      redis = new Redis(config.redisUrl, {
        connectTimeout: 2_000,
        commandTimeout: 1_000,
        maxRetriesPerRequest: 1,
      });
      redis.on("error", (err) => context.log.warn({ err }, "rate-limit Redis error"));
      const client = redis;
      app.addHook("onClose", async () => {
        await client.quit().catch(() => client.disconnect());
      });
    }
    await app.register(fastifyRateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: config.rateLimit.namespace } : { cache: 50_000 }),
    });
    if (!config.rateLimit.enabled) {
      context.log.warn("RATE_LIMIT_ENABLED=false: the auth calls are not rate limited");
    }

    const failures = redis
      ? redisFailureStore(redis, config.rateLimit.namespace)
      : memoryFailureStore();
    const hooks = {
      token: signInHooks(failures, config.rateLimit.enabled),
      passwordConfirm: passwordConfirmHooks(failures, config.rateLimit.enabled),
    } as Record<RateLimitName, RateLimitHooks>;
    for (const name of Object.keys(RATE_LIMITS) as (keyof typeof RATE_LIMITS)[]) {
      const rules = RATE_LIMITS[name];
      const byIp = limiter(app, rules.perIp, (request) => `${name}:ip:${clientKey(request.ip)}`);
      const byAddress = limiter(
        app,
        rules.perAddress,
        (request) => `${name}:address:${addressOf(request)}`,
      );
      hooks[name] = {
        onRequest: async (request) => {
          if (config.rateLimit.enabled) await byIp(request);
        },
        preHandler: async (request) => {
          if (config.rateLimit.enabled && addressOf(request) !== undefined) {
            await byAddress(request);
          }
        },
      };
    }
    app.decorate("rateLimitHooks", hooks);
  },
  { name: "leadquiz-rate-limit" },
);

/**
 * POST token/: refuses an attempt while its address + IP key is in backoff or its IP is over
 * its failures per minute; afterwards counts a 401 against both and a 200 clears the key.
 * A store that does not answer lets the attempt through (logged), like the other limits.
 */
function signInHooks(store: FailureStore, enabled: boolean): RateLimitHooks {
  const ipKey = (request: FastifyRequest) => `token:failures:ip:${clientKey(request.ip)}`;
  const pairKey = (request: FastifyRequest, address: string) =>
    `token:failures:pair:${clientKey(request.ip)}|${address}`;
  return {
    preHandler: async (request) => {
      const address = addressOf(request);
      if (!enabled || address === undefined) return;
      let waitMs = 0;
      try {
        const [record, perIp] = await Promise.all([
          store.get(pairKey(request, address)),
          store.window(ipKey(request), 0, SIGN_IN_FAILURES.perIpWindowMs),
        ]);
        if (record) waitMs = record.lastAt + backoffDelayMs(record.failures) - Date.now();
        if (perIp.count >= SIGN_IN_FAILURES.perIpMax) waitMs = Math.max(waitMs, perIp.ttlMs);
      } catch (err) {
        request.log.warn({ err }, "rate-limit store unavailable; request let through");
        return;
      }
      if (waitMs > 0) throw rateLimited(Math.ceil(waitMs / 1000));
    },
    onSend: async (request, reply, payload) => {
      const address = addressOf(request);
      if (!enabled || address === undefined) return payload;
      try {
        if (reply.statusCode === 401) {
          await Promise.all([
            store.recordFailure(pairKey(request, address), Date.now()),
            store.window(ipKey(request), 1, SIGN_IN_FAILURES.perIpWindowMs),
          ]);
        } else if (reply.statusCode === 200) {
          await store.clear(pairKey(request, address));
        }
      } catch (err) {
        request.log.warn({ err }, "rate-limit store unavailable; sign-in not counted");
      }
      return payload;
    },
  };
}

/**
 * POST change-password/ and api-keys/ (signed in): refuses the call while the account has
 * PASSWORD_CONFIRM_FAILURES.maxFailures wrong passwords in the window; afterwards counts a
 * 400 that names the password field (`old_password`, `password`). The account is known from
 * the access token (authenticate runs first). A store that does not answer lets it through.
 */
function passwordConfirmHooks(store: FailureStore, enabled: boolean): RateLimitHooks {
  const { maxFailures, windowMs } = PASSWORD_CONFIRM_FAILURES;
  const key = (request: FastifyRequest) => `passwordConfirm:failures:account:${request.userId}`;
  return {
    preHandler: async (request) => {
      if (!enabled || !(request.userId > 0)) return;
      let failures: { count: number; ttlMs: number };
      try {
        failures = await store.window(key(request), 0, windowMs);
      } catch (err) {
        request.log.warn({ err }, "rate-limit store unavailable; request let through");
        return;
      }
      if (failures.count >= maxFailures) throw rateLimited(Math.ceil(failures.ttlMs / 1000));
    },
    onSend: async (request, reply, payload) => {
      if (!enabled || !(request.userId > 0) || reply.statusCode !== 400) return payload;
      if (!namesPasswordField(payload)) return payload;
      try {
        await store.window(key(request), 1, windowMs);
      } catch (err) {
        request.log.warn({ err }, "rate-limit store unavailable; wrong password not counted");
      }
      return payload;
    },
  };
}

/** Whether a 400's body (field errors, docs/api.md) names a password field. */
function namesPasswordField(payload: unknown): boolean {
  if (typeof payload !== "string") return false;
  try {
    const body: unknown = JSON.parse(payload);
    return (
      typeof body === "object" && body !== null && ("old_password" in body || "password" in body)
    );
  } catch {
    return false;
  }
}

function rateLimited(seconds: number): AppError {
  const wait = Math.max(1, seconds);
  return new AppError(
    "rate_limited",
    "rate_limited",
    { seconds: wait },
    { "retry-after": `${wait}` },
  );
}

/** One counter: counts the request, throws 429 rate_limited when it is over the limit. */
function limiter(
  app: FastifyInstance,
  rule: RateLimitRule,
  keyOf: (request: FastifyRequest) => string,
) {
  const check = app.createRateLimit({
    max: rule.max,
    timeWindow: rule.windowMs,
    keyGenerator: keyOf,
  });
  return async (request: FastifyRequest): Promise<void> => {
    let result: Awaited<ReturnType<typeof check>>;
    try {
      result = await check(request);
    } catch (err) {
      request.log.warn({ err }, "rate-limit store unavailable; request let through");
      return;
    }
    if (result.isAllowed || !result.isExceeded) return;
    throw rateLimited(result.ttlInSeconds);
  };
}

function addressOf(request: FastifyRequest): string | undefined {
  const body = request.body as { email?: unknown } | undefined | null;
  const email = body && typeof body === "object" ? body.email : undefined;
  return typeof email === "string" && email.trim() !== "" ? email.trim().toLowerCase() : undefined;
}

/**
 * The counter key of a client address: IPv4 as is (also when IPv4-mapped in IPv6), IPv6 by
 * its /64 prefix (one subscriber usually holds a whole /64).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = "", tail = ""] = ip.toLowerCase().split("%")[0]?.split("::") ?? [];
  const headParts = head ? head.split(":") : [];
  const tailParts = ip.includes("::") && tail ? tail.split(":") : [];
  const missing = 8 - headParts.length - tailParts.length;
  const groups = [...headParts, ...Array<string>(Math.max(0, missing)).fill("0"), ...tailParts];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}
