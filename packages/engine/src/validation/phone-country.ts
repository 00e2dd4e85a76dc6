/**
 * The default country for phone numbers typed without "+code", from the quiz language
 * (the runtime formats with it, the server checks the lead with it: one table for both).
 * Only a default: a number with its own "+code" is read as such. Languages spoken in
 * several countries (en, ru, pt) have none, so those visitors type the international form.
 */
export const defaultPhoneCountries = {
  uk: "UA",
  pl: "PL",
  de: "DE",
  fr: "FR",
  it: "IT",
} as const;

/** A country some quiz language defaults to (ISO 3166-1 alpha-2). */
export type DefaultPhoneCountry =
  (typeof defaultPhoneCountries)[keyof typeof defaultPhoneCountries];

const byLanguage: Partial<Record<string, DefaultPhoneCountry>> = defaultPhoneCountries;

/** The default country of a quiz language's phone numbers; undefined for none. */
export function defaultPhoneCountryFor(language: string): DefaultPhoneCountry | undefined {
  return Object.hasOwn(byLanguage, language) ? byLanguage[language] : undefined;
}
