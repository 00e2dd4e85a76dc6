import { countryCodes, spokenLanguageCodes } from "@leadquiz/contract";

export interface NamedCode {
  value: string;
  label: string;
}

/**
 * Codes with their names in the interface language (Intl.DisplayNames), sorted by name;
 * a code the browser has no name for keeps the code as its label.
 */
function named(
  codes: readonly string[],
  language: string,
  type: "region" | "language",
): NamedCode[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type, fallback: "code" });
  } catch {
    names = null;
  }
  const collator = new Intl.Collator(language);
  return codes
    .map((code) => ({ value: code, label: names?.of(code) ?? code }))
    .sort((a, b) => collator.compare(a.label, b.label));
}

/** ISO 3166-1 countries as options of a Select, named in `language`. */
export function countryOptions(language: string): NamedCode[] {
  return named(countryCodes, language, "region");
}

/** ISO 639-1 languages as options of a MultiSelect, named in `language`. */
export function spokenLanguageOptions(language: string): NamedCode[] {
  return named(spokenLanguageCodes, language, "language");
}

/** A country's name in `language` ("" for none). */
export function countryName(code: string | null, language: string): string {
  if (!code) return "";
  try {
    return new Intl.DisplayNames([language], { type: "region", fallback: "code" }).of(code) ?? code;
  } catch {
    return code;
  }
}
