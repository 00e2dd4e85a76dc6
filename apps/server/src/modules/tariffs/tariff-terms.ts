import type { AppConfig } from "../../config";

/**
 * What the tariff rules read besides the database: the trial's length and the clock.
 * Tests pass their own clock to move time (docs/money.md "Clock").
 */
export interface TariffTerms {
  trialDays: number;
  now(): Date;
}

export function tariffTerms(config: Pick<AppConfig, "trialDays">, now = () => new Date()) {
  return { trialDays: config.trialDays, now } satisfies TariffTerms;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

/** `date` plus whole calendar months (UTC), clamped to the month's last day. */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** Start of the tariff month `now` falls in, counting months from `startedAt`. */
export function currentMonthStart(startedAt: Date, now: Date): Date {
  let start = startedAt;
  for (let k = 1; k < 1200; k += 1) {
    const next = addMonths(startedAt, k);
    if (next.getTime() > now.getTime()) break;
    start = next;
  }
  return start;
}
