import { createRequire } from "node:module";
import type { LeadFlag } from "@leadquiz/contract";
import { isValidPhoneNumber } from "libphonenumber-js/max";

/**
 * Quality flags of a lead, computed when it is stored (docs/leads.md "Quality flags").
 * A flag never blocks a lead: it only marks it in the owner's list.
 */

// The maintained list of disposable e-mail domains (npm `disposable-email-domains`): exact
// domains, and wildcard ones whose every subdomain is disposable too.
const requireJson = createRequire(import.meta.url);
const disposableDomains = new Set<string>(requireJson("disposable-email-domains/index.json"));
const disposableWildcards = new Set<string>(requireJson("disposable-email-domains/wildcard.json"));

/** Below this many seconds per answered question (and the form), nobody read the quiz. */
export const MIN_SECONDS_PER_STEP = 1.5;

export function isDisposableEmail(email: string): boolean {
  const at = email.lastIndexOf("@");
  if (at < 0) return false;
  const domain = email.slice(at + 1).toLowerCase();
  if (disposableDomains.has(domain)) return true;
  const labels = domain.split(".");
  for (let i = 1; i < labels.length - 1; i += 1) {
    if (disposableWildcards.has(labels.slice(i).join("."))) return true;
  }
  return disposableWildcards.has(domain);
}

/**
 * The phone is checked with the full (`max`) metadata: the form accepts any number of a
 * plausible length, this flag marks one no operator of its country could have issued.
 */
export function isInvalidPhone(phone: string): boolean {
  return phone !== "" && !isValidPhoneNumber(phone);
}

export interface LeadQualityFacts {
  email: string;
  phone: string;
  /** Another lead of the quiz had the same e-mail or phone in the last 30 days. */
  duplicate: boolean;
  /** Seconds from the visitor session's start to the lead; null without a session. */
  secondsTaken: number | null;
  /** Answered questions. */
  answered: number;
}

export function leadFlagsOf(facts: LeadQualityFacts): LeadFlag[] {
  const flags: LeadFlag[] = [];
  if (facts.email !== "" && isDisposableEmail(facts.email)) flags.push("disposable_email");
  if (isInvalidPhone(facts.phone)) flags.push("invalid_phone");
  if (facts.duplicate) flags.push("duplicate");
  const steps = facts.answered + 1;
  if (facts.secondsTaken !== null && facts.secondsTaken < steps * MIN_SECONDS_PER_STEP) {
    flags.push("too_fast");
  }
  return flags;
}
