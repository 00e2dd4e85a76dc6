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
 * The languages missing keys fall back to, as i18next asks for them: none until
 * `enable()`. The app starts with the interface language's dictionaries alone and loads the
 * fallbacks once it has started (they are complete, so a page seldom needs them; waiting for
 * them held every first page back: docs/editor.md "Start time").
 */
function lateFallbacks() {
  let enabled = false;
  return {
    fallbackLng: (): string[] => (enabled ? [...FALLBACK_LANGUAGES] : []),
    enable: () => {
      enabled = true;
    },
  };
}

/**
 * How long after the interface language is in the fallbacks' dictionaries wait: past the
 * first page's load, so their ~60 KB (gzipped) and their parsing do not compete with it.
 */
export const FALLBACKS_DELAY_MS = 10_000;

/** Runs `work` in idle time once `delayMs` have passed. */
function afterFirstPage(delayMs: number, work: () => void): void {
  window.setTimeout(() => {
    if (typeof window.requestIdleCallback === "function") {
      window.requestIdleCallback(work, { timeout: 2000 });
    } else {
      work();
    }
  }, delayMs);
}

/**
 * The app's i18next instance: missing keys fall back to ru, then en (docs/product.md
 * "Languages"). Given `resources` (tests), every dictionary is there at once; without, the
 * dictionaries of the language load on demand (lazy-dictionaries.ts) and `DictionariesGate`
 * holds the page until they are in. The fallbacks' dictionaries load after the first page,
 * in idle time; only then do missing keys fall back (`lateFallbacks`).
 */
export function createI18n(
  language: InterfaceLanguageCode,
  resources?: Resource,
  fallbacksDelayMs = FALLBACKS_DELAY_MS,
): I18n {
  const instance = i18next.createInstance().use(initReactI18next);
  let fallbackLng: string[] | (() => string[]) = [...FALLBACK_LANGUAGES];
  if (!resources) {
    instance.use(lazyDictionaries);
    const fallbacks = lateFallbacks();
    fallbackLng = fallbacks.fallbackLng;
    instance.on("initialized", () =>
      afterFirstPage(fallbacksDelayMs, () => {
        void instance.loadLanguages([...FALLBACK_LANGUAGES]).then(fallbacks.enable);
      }),
    );
  }
  void instance.init({
    lng: language,
    fallbackLng,
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
