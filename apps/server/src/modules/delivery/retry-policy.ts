import type { DeliveryStatus } from "../../db/schema";
import type { SendOutcome } from "../../integrations/types";

/**
 * A delivery that fails a try this long after it was enqueued is given up (docs/delivery.md);
 * a try before that always gets another, so the last one comes at most one backoff (6 h)
 * after the three days and a target that was down for exactly three days still gets it.
 */
export const GIVE_UP_AFTER_MS = 72 * 60 * 60 * 1000;
const FIRST_DELAY_MS = 30_000;
const MAX_DELAY_MS = 6 * 60 * 60 * 1000;

/**
 * Exponential backoff with jitter: 30 s, 1 min, 2 min … doubling up to 6 h between tries,
 * each ±20 % at random so that a target coming back is not hit by every delivery at once.
 */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  const delay = Math.min(FIRST_DELAY_MS * 2 ** exponent, MAX_DELAY_MS);
  return Math.round(delay * (0.8 + 0.4 * random()));
}

export interface NextState {
  status: DeliveryStatus;
  nextAttemptAt: Date;
  error: string | null;
}

/**
 * What a delivery becomes after a try: delivered; skipped (not for this target); failed (an
 * answer that cannot succeed, or three days of failures); or retrying at the later of the backoff and the target's
 * Retry-After.
 */
export function nextState(
  outcome: SendOutcome,
  delivery: { attempts: number; createdAt: Date },
  now: Date,
  random?: () => number,
): NextState {
  if (outcome.kind === "delivered") return { status: "delivered", nextAttemptAt: now, error: null };
  if (outcome.kind === "failed" || outcome.kind === "skipped")
    return { status: outcome.kind, nextAttemptAt: now, error: outcome.error };
  const delay = Math.max(backoffMs(delivery.attempts, random), outcome.retryAfterMs ?? 0);
  if (now.getTime() - delivery.createdAt.getTime() >= GIVE_UP_AFTER_MS) {
    return { status: "failed", nextAttemptAt: now, error: outcome.error };
  }
  return {
    status: "retrying",
    nextAttemptAt: new Date(now.getTime() + delay),
    error: outcome.error,
  };
}
