import { createRequire } from "node:module";
import type { LeadFlag } from "@leadquiz/contract";
import { internationalPhoneNumber, type PhoneMetadata } from "@leadquiz/engine";
import maxMetadata from "libphonenumber-js/max/metadata";

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

/** libphonenumber-js's `max` metadata; its type is the engine's with narrower tuples. */
const fullPhoneMetadata = maxMetadata as unknown as PhoneMetadata;

/**
 * The phone is checked with the full (`max`) metadata: the form accepts any number of a
 * plausible length, this flag marks one no operator of its country could have issued. The
 * engine's reader of the library's metadata answers as the library does on it (its
 * differential test, docs/adr/0013) at a third of the library's cost.
 */
export function isInvalidPhone(phone: string): boolean {
  return phone !== "" && internationalPhoneNumber(phone, undefined, fullPhoneMetadata) === null;
}

/**
 * The flags of the contacts themselves (`disposable_email`, `invalid_phone`). The flags that
 * depend on stored rows (`duplicate`, `too_fast`) are added by the statement that stores the
 * lead (leads.repository.ts `storeLeads`), after these, so a lead costs one round trip.
 */
export function contactFlagsOf(contacts: { email: string; phone: string }): LeadFlag[] {
  const flags: LeadFlag[] = [];
  if (contacts.email !== "" && isDisposableEmail(contacts.email)) flags.push("disposable_email");
  if (isInvalidPhone(contacts.phone)) flags.push("invalid_phone");
  return flags;
}

/**
 * `too_fast`: a lead that came sooner than this many seconds after its visitor session
 * started (1.5 s per answered question plus the form).
 */
export function tooFastBelowSeconds(answered: number): number {
  return (answered + 1) * MIN_SECONDS_PER_STEP;
}
