import { AppError } from "../../lib/app-error";
import { clientKey } from "../../plugins/rate-limit";
import type { Counter, CounterRule, VisitorCounters } from "./visitor-counters";

const MINUTE = 60_000;

/**
 * The limits of the visitor calls, in one place (fixed windows; 429 `rate_limited` with
 * Retry-After). Addresses are counted as the auth limits count them (`clientKey`: IPv6 per
 * /64).
 *
 * | call                    | counter          | over it: flagged | over it: refused 429  | counted           |
 * |-------------------------|------------------|------------------|-----------------------|-------------------|
 * | POST client-sessions/   | per IP           | —                | 120 / minute          | every request     |
 * | POST …/events/          | per IP           | —                | 1200 / minute         | every request     |
 * | POST …/lead/            | per IP per quiz  | 10 / 10 minutes  | 120 / 10 minutes      | stored leads only |
 * | POST …/lead/            | per IP           | 30 / hour        | 600 / hour            | stored leads only |
 * | POST …/lead/            | per quiz         | 600 / minute     | —                     | stored leads only |
 *
 * A lead over a "flagged" rate is **stored** with the quality flag `over_rate` and its
 * deliveries held until the owner lets it through (docs/leads.md "Leads over the per-address
 * rate"): an office behind one router or a carrier's shared address is not a reason to lose a
 * lead. Only the abuse-level "refused" counts answer 429 (`lead_refused`), and the refusal is
 * counted for the owner's notice. The refused counts read the same counters as the flagged
 * ones (same names and windows, a larger `max`); `LEAD_REFUSED_PER_ADDRESS_QUIZ` and
 * `LEAD_REFUSED_PER_ADDRESS` set them (config.ts).
 *
 * No lead limit can refuse or flag a visitor's first lead: a lead is counted only after it
 * was stored, and a count is checked with `count >= max` before storing, so an address
 * without stored leads always passes; the per-quiz rate applies only to an address that
 * already left a lead for that quiz in its window. A replayed `submission_id` is never
 * counted and never refused. RATE_LIMIT_ENABLED=false switches these off too.
 */
export const VISITOR_LIMITS = {
  sessionsPerIp: { max: 120, windowMs: MINUTE },
  eventsPerIp: { max: 1200, windowMs: MINUTE },
  leadsPerIpPerQuiz: { max: 10, windowMs: 10 * MINUTE },
  leadsPerIp: { max: 30, windowMs: 60 * MINUTE },
  leadsPerQuiz: { max: 600, windowMs: MINUTE },
  leadsRefusedPerIpPerQuiz: { max: 120, windowMs: 10 * MINUTE },
  leadsRefusedPerIp: { max: 600, windowMs: 60 * MINUTE },
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

/**
 * The visitor limits with the refused counts of the server's settings
 * (`LEAD_REFUSED_PER_ADDRESS_QUIZ`, `LEAD_REFUSED_PER_ADDRESS`), never below the flagged
 * ones. The windows stay those of the flagged counts: both read the same counters.
 */
export function visitorLimitsWith(refused: { perAddressQuiz: number; perAddress: number }) {
  return {
    ...VISITOR_LIMITS,
    leadsRefusedPerIpPerQuiz: {
      max: Math.max(refused.perAddressQuiz, VISITOR_LIMITS.leadsPerIpPerQuiz.max),
      windowMs: VISITOR_LIMITS.leadsPerIpPerQuiz.windowMs,
    },
    leadsRefusedPerIp: {
      max: Math.max(refused.perAddress, VISITOR_LIMITS.leadsPerIp.max),
      windowMs: VISITOR_LIMITS.leadsPerIp.windowMs,
    },
  } satisfies VisitorLimits;
}

/**
 * What the lead rates say of a new lead from this address: `refuse` with the rule broken
 * (abuse-level: 429), `flag` (stored with `over_rate`, its deliveries held), or `ok`.
 */
export type LeadRate = { kind: "ok" } | { kind: "flag" } | { kind: "refuse"; rule: CounterRule };

export async function leadRateOf(
  counters: VisitorCounters,
  limits: VisitorLimits,
  ip: string,
  quizId: number,
): Promise<LeadRate> {
  const [perIpPerQuiz = 0, perIp = 0, perQuiz = 0] = await counters.read(
    leadCounters(limits, ip, quizId),
  );
  if (perIpPerQuiz >= limits.leadsRefusedPerIpPerQuiz.max) {
    return { kind: "refuse", rule: limits.leadsRefusedPerIpPerQuiz };
  }
  if (perIp >= limits.leadsRefusedPerIp.max)
    return { kind: "refuse", rule: limits.leadsRefusedPerIp };
  if (
    perIpPerQuiz >= limits.leadsPerIpPerQuiz.max ||
    perIp >= limits.leadsPerIp.max ||
    (perIpPerQuiz > 0 && perQuiz >= limits.leadsPerQuiz.max)
  ) {
    return { kind: "flag" };
  }
  return { kind: "ok" };
}

/** The 429 of a lead refused at an abuse-level rate: `rate_limited`, its own message. */
export function leadRefused(counters: VisitorCounters, rule: CounterRule): AppError {
  const seconds = Math.max(1, Math.ceil(counters.windowLeftMs(rule) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError("rate_limited", "lead_refused", { minutes }, { "retry-after": `${seconds}` });
}
