import { AppError } from "../../lib/app-error";
import { clientKey } from "../../plugins/rate-limit";
import type { Counter, CounterRule, VisitorCounters } from "./visitor-counters";

const MINUTE = 60_000;

/**
 * The limits of the visitor calls, in one place (fixed windows; 429 `rate_limited` with
 * Retry-After). Addresses are counted as the auth limits count them (`clientKey`: IPv6 per
 * /64).
 *
 * | call                    | counter          | limit            | counted               |
 * |-------------------------|------------------|------------------|-----------------------|
 * | POST client-sessions/   | per IP           | 120 / minute     | every request         |
 * | POST …/events/          | per IP           | 1200 / minute    | every request         |
 * | POST …/lead/            | per IP per quiz  | 10 / 10 minutes  | stored leads only     |
 * | POST …/lead/            | per IP           | 30 / hour        | stored leads only     |
 * | POST …/lead/            | per quiz         | 600 / minute     | stored leads only     |
 *
 * No lead limit can refuse a visitor's first lead: a lead is counted only after it was
 * stored, and a count is checked with `count >= max` before storing, so an address without
 * stored leads always passes the per-IP limits; the per-quiz limit applies only to an address
 * that already left a lead for that quiz in its window (under a flood every address still
 * gets its first lead through, and only one). A replayed `submission_id` is never counted and
 * never refused. RATE_LIMIT_ENABLED=false switches these off too.
 */
export const VISITOR_LIMITS = {
  sessionsPerIp: { max: 120, windowMs: MINUTE },
  eventsPerIp: { max: 1200, windowMs: MINUTE },
  leadsPerIpPerQuiz: { max: 10, windowMs: 10 * MINUTE },
  leadsPerIp: { max: 30, windowMs: 60 * MINUTE },
  leadsPerQuiz: { max: 600, windowMs: MINUTE },
} as const satisfies Record<string, CounterRule>;

export type VisitorLimits = Record<keyof typeof VISITOR_LIMITS, CounterRule>;

export function rateLimited(counters: VisitorCounters, rule: CounterRule): AppError {
  const seconds = Math.max(1, Math.ceil(counters.windowLeftMs(rule) / 1000));
  return new AppError("rate_limited", "rate_limited", { seconds }, { "retry-after": `${seconds}` });
}

/** Counts a request of `name` from `ip`; throws 429 once the address is over the limit. */
export async function countRequest(
  counters: VisitorCounters,
  rule: CounterRule,
  name: string,
  ip: string,
): Promise<void> {
  const [count = 0] = await counters.add([{ name: `${name}:ip:${clientKey(ip)}`, rule }]);
  if (count > rule.max) throw rateLimited(counters, rule);
}

/** The three lead counters of an address and a quiz. */
export function leadCounters(limits: VisitorLimits, ip: string, quizId: number): Counter[] {
  const address = clientKey(ip);
  return [
    { name: `lead:ip-quiz:${address}:${quizId}`, rule: limits.leadsPerIpPerQuiz },
    { name: `lead:ip:${address}`, rule: limits.leadsPerIp },
    { name: `lead:quiz:${quizId}`, rule: limits.leadsPerQuiz },
  ];
}

/** The rule a new lead from this address would break, or null when it may be stored. */
export async function leadLimitReached(
  counters: VisitorCounters,
  limits: VisitorLimits,
  ip: string,
  quizId: number,
): Promise<CounterRule | null> {
  const [perIpPerQuiz = 0, perIp = 0, perQuiz = 0] = await counters.read(
    leadCounters(limits, ip, quizId),
  );
  if (perIpPerQuiz >= limits.leadsPerIpPerQuiz.max) return limits.leadsPerIpPerQuiz;
  if (perIp >= limits.leadsPerIp.max) return limits.leadsPerIp;
  if (perIpPerQuiz > 0 && perQuiz >= limits.leadsPerQuiz.max) return limits.leadsPerQuiz;
  return null;
}
