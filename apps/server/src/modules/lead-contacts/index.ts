/**
 * The lead-contacts module's public face (docs/leads.md "Masking", "Allowance"): a lead's
 * contacts are masked until released, and released once, against the allowance, by
 * whichever path takes them first (the app's opening, a delivery, an export).
 */
export { maskEmail, maskMessengers, maskName, maskPhone } from "./lead-mask";
export { type Release, releaseLeadContacts } from "./lead-release";
