import {
  FALLBACK_LANGUAGES,
  type InterfaceLanguageCode,
  isInterfaceLanguage,
  namespaces,
} from "@leadquiz/i18n";
import i18next, { type i18n as I18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { lazyDictionaries } from "./lazy-dictionaries";

/** The localStorage key of the interface language chosen in this browser. */
export const LANGUAGE_STORAGE_KEY = "leadquiz.language";

/**
 * The app's i18next instance: missing keys fall back to ru, then en (docs/product.md
 * "Languages"). Given `resources` (tests), every dictionary is there at once; without, the
 * dictionaries of the language load on demand (lazy-dictionaries.ts) and `DictionariesGate`
 * holds the page until they are in.
 */
export function createI18n(language: InterfaceLanguageCode, resources?: Resource): I18n {
  const instance = i18next.createInstance().use(initReactI18next);
  if (!resources) instance.use(lazyDictionaries);
  void instance.init({
    lng: language,
    fallbackLng: [...FALLBACK_LANGUAGES],
    supportedLngs: ["en", "ru", "uk"],
    ...(resources ? { resources, initAsync: false } : {}),
    ns: [...namespaces],
    defaultNS: "common",
    fallbackNS: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  return instance;
}

/** The current interface language of an instance (never a fallback or "cimode"). */
export function currentLanguage(instance: I18n): InterfaceLanguageCode {
  const language = instance.resolvedLanguage ?? instance.language;
  return isInterfaceLanguage(language) ? language : "en";
}

export function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Remembers every language change and keeps `<html lang>` in step. */
export function persistLanguageChanges(instance: I18n): void {
  const apply = (language: string) => {
    if (!isInterfaceLanguage(language)) return;
    document.documentElement.lang = language;
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
    } catch {
      // storage unavailable: the choice lasts for this page only
    }
  };
  apply(instance.language);
  instance.on("languageChanged", apply);
}
