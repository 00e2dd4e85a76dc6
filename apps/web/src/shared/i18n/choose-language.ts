import { DEFAULT_LANGUAGE, type InterfaceLanguageCode, isInterfaceLanguage } from "@leadquiz/i18n";

/** Where a language may come from, in the order of docs/product.md "Languages". */
export interface LanguageSources {
  /** The signed-in user's profile language_code. */
  profile?: string | null;
  /** The `lang` query parameter of the address. */
  query?: string | null;
  /** The interface language remembered in this browser. */
  stored?: string | null;
}

/**
 * The interface language: the profile language_code, else the `lang` query parameter,
 * else the stored interface language, else en. A value that is not an interface language
 * (en, ru, uk) is skipped, as if it were absent.
 */
export function chooseLanguage(sources: LanguageSources): InterfaceLanguageCode {
  for (const candidate of [sources.profile, sources.query, sources.stored]) {
    const normalized = candidate?.trim().toLowerCase();
    if (isInterfaceLanguage(normalized)) return normalized;
  }
  return DEFAULT_LANGUAGE;
}
