import { type CountryCode, parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * The default country for numbers typed without "+code", from the quiz language. Only a
 * default: a number with its own "+code" is read as such. Languages spoken in several
 * countries (en, ru, pt) have none, so those visitors type the international form.
 */
const DEFAULT_COUNTRY: Partial<Record<string, CountryCode>> = {
  uk: "UA",
  pl: "PL",
  de: "DE",
  fr: "FR",
  it: "IT",
};

export function defaultCountryFor(language: string): CountryCode | undefined {
  return DEFAULT_COUNTRY[language];
}

export interface PhoneCheck {
  valid: boolean;
  /** The international form ("+380 50 123 4567") when valid; the text as typed otherwise. */
  formatted: string;
}

export function checkPhone(text: string, country: CountryCode | undefined): PhoneCheck {
  const phone = parsePhoneNumberFromString(text.trim(), country);
  if (!phone?.isValid()) return { valid: false, formatted: text };
  return { valid: true, formatted: phone.formatInternational() };
}
