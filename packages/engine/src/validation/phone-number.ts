/**
 * Phone numbers checked and put in the international form, reading libphonenumber-js's
 * metadata (its `min` JSON, v4 layout, or the runtime's zones of it) with the library's own
 * rules (docs/adr/0013): the same result as libphonenumber-js 1.13's
 * `parsePhoneNumberFromString(text, { defaultCountry })` followed by `isValid()` and
 * `formatInternational()`, for every text without an extension (letters, `#`, `~`, `,`
 * and `;` are where an extension starts; such a text is refused here). The runtime and the
 * server's lead check both use this, so the form and the server always agree; the test
 * compares it with the library on tens of thousands of numbers.
 *
 * Each step below names the library function it follows.
 */

/** libphonenumber-js's metadata JSON (v4: each country a positional tuple). */
export interface PhoneMetadata {
  country_calling_codes: Record<string, string[]>;
  countries: Record<string, unknown[]>;
  nonGeographic: Record<string, unknown[]>;
}

/** A numbering plan: a country's tuple, or a non-geographic calling code's. */
type Plan = readonly unknown[];
/** A format tuple: pattern, format, leading-digits patterns, …, international format (5). */
type Format = readonly [string, string, string[]?, unknown?, unknown?, string?];

// Positions in a plan (libphonenumber-js `NumberingPlan`, metadata v4).
const CALLING_CODE = 0;
const IDD_PREFIX = 1;
const PATTERN = 2;
const LENGTHS = 3;
const FORMATS = 4;
const NATIONAL_PREFIX = 5;
const PREFIX_FOR_PARSING = 7;
const PREFIX_TRANSFORM = 8;
const LEADING_DIGITS = 10;
const TYPES = 11;

// libphonenumber-js `constants.js`; the tildes (also an extension label) are left out.
const DIGITS = "0-9\uFF10-\uFF19\u0660-\u0669\u06F0-\u06F9";
const PUNCTUATION =
  "-\u2010-\u2015\u2212\u30FC\uFF0D\uFF0F/\uFF0E. \u00A0\u00AD\u200B\u2060\u3000()\uFF08\uFF09\uFF3B\uFF3D\\[\\]";
const NUMBER_START = new RegExp(`[+\uFF0B${DIGITS}]`);
const AFTER_NUMBER = new RegExp(`[^${DIGITS}#]+$`);
const VIABLE = new RegExp(
  `^[${DIGITS}]{2}$|^[+\uFF0B]?(?:[${PUNCTUATION}]*[${DIGITS}]){3,}[${PUNCTUATION}${DIGITS}]*$`,
);
const SEPARATORS = new RegExp(`[${PUNCTUATION}~\u2053\u223C\uFF5E]+`, "g");
const MAX_TEXT = 250;

const compiled = new Map<string, RegExp>();
/** A pattern compiled once (none of them is global, so reusing one is safe). */
function regExp(source: string): RegExp {
  let pattern = compiled.get(source);
  if (!pattern) {
    pattern = new RegExp(source);
    compiled.set(source, pattern);
  }
  return pattern;
}

/** `matchesEntirely` */
function matches(text: string, pattern: unknown): boolean {
  return regExp(`^(?:${String(pattern)})$`).test(text);
}

/** `String.prototype.search(pattern) === 0`, as the library tests leading digits. */
function startsWith(text: string, pattern: unknown): boolean {
  return text.search(regExp(String(pattern))) === 0;
}

/** The zeros of the digit scripts the library reads: ASCII, full-width, Arabic-Indic, Persian. */
const ZEROS = [48, 0xff10, 0x0660, 0x06f0];

/** `parseIncompletePhoneNumber`: the digits (any script's), and "+" when it comes first. */
function digitsOf(text: string): string {
  let result = "";
  for (const character of text) {
    if (character === "+") {
      if (!result) result = "+";
      continue;
    }
    const code = character.charCodeAt(0);
    for (const zero of ZEROS) {
      if (code >= zero && code <= zero + 9) result += String(code - zero);
    }
  }
  return result;
}

/** `getCountryCodesForCallingCode`: the countries of a code (none for a non-geographic one). */
function countriesOf(metadata: PhoneMetadata, code: string): string[] | undefined {
  const countries = metadata.country_calling_codes[code];
  if (!countries || (countries.length === 1 && countries[0]?.length === 3)) return undefined;
  return countries;
}

/** `getNumberingPlanMetadata`: the code's main country's plan, or its non-geographic one. */
function planOfCode(metadata: PhoneMetadata, code: string): Plan | undefined {
  const main = countriesOf(metadata, code)?.[0];
  return main ? metadata.countries[main] : metadata.nonGeographic[code];
}

function lengthsOf(plan: Plan): number[] | undefined {
  const lengths = plan[LENGTHS];
  return Array.isArray(lengths) ? (lengths as number[]) : undefined;
}

/** `checkNumberLength` (no type): "short", "long", "invalid" or "possible". */
function lengthCheck(nationalNumber: string, plan: Plan): string {
  const lengths = lengthsOf(plan);
  if (!lengths) return "possible";
  const length = nationalNumber.length;
  const min = lengths[0];
  const max = lengths[lengths.length - 1];
  if (min === undefined || max === undefined) return "invalid";
  if (min === length) return "possible";
  if (min > length) return "short";
  if (max < length) return "long";
  return lengths.indexOf(length, 1) >= 0 ? "possible" : "invalid";
}

function typesOf(plan: Plan): unknown[] | undefined {
  const types = plan[TYPES];
  return Array.isArray(types) && types.length > 0 ? types : undefined;
}

/** `getNumberType(…) !== undefined`: the number is one of the plan's types. */
function hasType(nationalNumber: string, plan: Plan): boolean {
  if (!matches(nationalNumber, plan[PATTERN])) return false;
  return (typesOf(plan) ?? []).slice(0, 10).some((type) => {
    if (!Array.isArray(type) || !type[0]) return false;
    const lengths = (type[1] as number[] | undefined) || lengthsOf(plan);
    if (lengths && !lengths.includes(nationalNumber.length)) return false;
    return matches(nationalNumber, type[0]);
  });
}

/** `getCountryByCallingCode`: the country of a national number under a shared code. */
function countryOf(
  metadata: PhoneMetadata,
  code: string,
  nationalNumber: string,
): string | undefined {
  const countries = countriesOf(metadata, code);
  if (!countries || countries.length === 1) return countries?.[0];
  return countries.find((country) => {
    const plan = metadata.countries[country];
    if (!plan) return false;
    if (plan[LEADING_DIGITS]) {
      return nationalNumber !== "" && startsWith(nationalNumber, plan[LEADING_DIGITS]);
    }
    return hasType(nationalNumber, plan);
  });
}

/** `extractNationalNumberFromPossiblyIncompleteNumber`: the national prefix taken off. */
function withoutNationalPrefix(number: string, plan: Plan): string {
  const forParsing = plan[PREFIX_FOR_PARSING] || plan[NATIONAL_PREFIX];
  if (!number || !forParsing) return number;
  const prefix = regExp(`^(?:${String(forParsing)})`);
  const match = prefix.exec(number);
  if (!match) return number;
  const groups = match.length - 1;
  const transform = plan[PREFIX_TRANSFORM];
  if (groups > 0 && match[groups]) {
    if (transform) return number.replace(prefix, String(transform));
  }
  return number.slice(match[0].length);
}

/** `extractNationalNumber`: the prefix is taken off only when what is left can be a number. */
function nationalNumberOf(number: string, plan: Plan, metadata: PhoneMetadata): string {
  const national = withoutNationalPrefix(number, plan);
  if (national === number) return national;
  if (matches(number, plan[PATTERN]) && !matches(national, plan[PATTERN])) return number;
  if (lengthsOf(plan)) {
    const country = countryOf(metadata, String(plan[CALLING_CODE]), national);
    const check = lengthCheck(national, (country && metadata.countries[country]) || plan);
    if (check === "short" || check === "invalid") return number;
  }
  return national;
}

/** `stripIddPrefix`: the number after the default country's international prefix. */
function withoutIddPrefix(number: string, plan: Plan): string | undefined {
  const prefix = regExp(String(plan[IDD_PREFIX] ?? ""));
  if (number.search(prefix) !== 0) return undefined;
  const rest = number.slice(prefix.exec(number)?.[0].length ?? 0);
  return rest.startsWith("0") ? undefined : rest;
}

interface Split {
  code?: string;
  rest: string;
}

/** `extractCountryCallingCodeFromInternationalNumberWithoutPlusSign` */
function codeWithoutPlus(number: string, plan: Plan, metadata: PhoneMetadata): Split | undefined {
  const code = String(plan[CALLING_CODE]);
  if (!number.startsWith(code)) return undefined;
  const shorter = number.slice(code.length);
  const shorterNational = nationalNumberOf(shorter, plan, metadata);
  const national = nationalNumberOf(number, plan, metadata);
  const moves =
    (!matches(national, plan[PATTERN]) && matches(shorterNational, plan[PATTERN])) ||
    lengthCheck(national, plan) === "long";
  return moves ? { code, rest: shorter } : undefined;
}

/** `extractCountryCallingCode`: the calling code and the digits after it. */
function splitCallingCode(
  number: string,
  defaultPlan: Plan | undefined,
  metadata: PhoneMetadata,
): Split | undefined {
  let international = number;
  if (!number.startsWith("+")) {
    const rest = defaultPlan && withoutIddPrefix(number, defaultPlan);
    if (!rest || rest === number) {
      return (defaultPlan && codeWithoutPlus(number, defaultPlan, metadata)) ?? { rest: number };
    }
    international = `+${rest}`;
  }
  if (international[1] === "0") return undefined;
  for (let end = 2; end <= 4 && end <= international.length; end += 1) {
    const code = international.slice(1, end);
    if (countriesOf(metadata, code) || metadata.nonGeographic[code]) {
      return { code, rest: international.slice(end) };
    }
  }
  return undefined;
}

/** `chooseFormatForNumber` and `formatNationalNumberUsingFormat` (international). */
function formatted(nationalNumber: string, plan: Plan, metadata: PhoneMetadata): string {
  const code = String(plan[CALLING_CODE]);
  const formats = (plan[FORMATS] || planOfCode(metadata, code)?.[FORMATS] || []) as Format[];
  const format = formats.find(([pattern, , leading]) => {
    const last = (leading || [])[(leading || []).length - 1];
    if (last !== undefined && !startsWith(nationalNumber, last)) return false;
    return matches(nationalNumber, pattern);
  });
  const national = format
    ? nationalNumber
        .replace(regExp(format[0]), format[5] || format[1])
        .replace(SEPARATORS, " ")
        .trim()
    : nationalNumber;
  return `+${code} ${national}`;
}

/**
 * The number in the international form ("+380 50 123 4567") when the text is a valid
 * phone number, else null. `defaultCountry` reads a number typed without its calling code
 * (ignored when the metadata does not hold it, as the library does).
 */
export function internationalPhoneNumber(
  text: string,
  defaultCountry: string | undefined,
  metadata: PhoneMetadata,
): string | null {
  const defaultPlan = defaultCountry ? metadata.countries[defaultCountry] : undefined;
  // `parse` → `extractFormattedPhoneNumber`, `isViablePhoneNumber`
  if (!text || text.length > MAX_TEXT) return null;
  const start = text.search(NUMBER_START);
  if (start < 0) return null;
  const candidate = text.slice(start).replace(AFTER_NUMBER, "");
  if (!VIABLE.test(candidate)) return null;
  // `parsePhoneNumber` (parse.js)
  const split = splitCallingCode(digitsOf(candidate), defaultPlan, metadata);
  if (!split) return null;
  let country: string | undefined;
  let plan: Plan | undefined;
  let code = split.code;
  if (code) {
    plan = planOfCode(metadata, code);
  } else if (split.rest && defaultPlan && defaultCountry) {
    country = defaultCountry;
    plan = defaultPlan;
    code = String(defaultPlan[CALLING_CODE]);
  }
  if (!plan || !code || !split.rest) return null;
  const nationalNumber = nationalNumberOf(split.rest, plan, metadata);
  country = countryOf(metadata, code, nationalNumber) ?? country;
  if (nationalNumber.length < 2 || nationalNumber.length > 17) return null;
  // `isValid`: by the country's types where it has them, else by its number pattern
  const own = (country && metadata.countries[country]) || planOfCode(metadata, code);
  if (!own) return null;
  const valid = typesOf(own) ? hasType(nationalNumber, own) : matches(nationalNumber, own[PATTERN]);
  return valid ? formatted(nationalNumber, own, metadata) : null;
}
