/** Fully translated interface languages (docs/product.md "Languages"). */
export const interfaceLanguages = ["en", "ru", "uk"] as const;
export type InterfaceLanguageCode = (typeof interfaceLanguages)[number];

/** Languages of visitor-facing texts: the interface ones plus pt, it, fr, pl, de. */
export const visitorLanguages = ["en", "ru", "uk", "pt", "it", "fr", "pl", "de"] as const;
export type VisitorLanguageCode = (typeof visitorLanguages)[number];

/** Language ids as the languagelist call gives them (docs/api.md "Reference lists"). */
export const languageIds: Record<VisitorLanguageCode, number> = {
  uk: 1,
  en: 2,
  ru: 3,
  pt: 4,
  it: 5,
  fr: 6,
  pl: 7,
  de: 8,
};

export const DEFAULT_LANGUAGE: InterfaceLanguageCode = "en";
/**
 * A key missing in the chosen language is looked up in ru, then en (docs/product.md "Languages").
 */
export const FALLBACK_LANGUAGES: readonly InterfaceLanguageCode[] = ["ru", "en"];

export function isInterfaceLanguage(value: unknown): value is InterfaceLanguageCode {
  return typeof value === "string" && (interfaceLanguages as readonly string[]).includes(value);
}
