import { type InterfaceLanguageCode, resources } from "@leadquiz/i18n";
import type { i18n as I18n } from "i18next";
import { createI18n } from "@/shared/i18n/i18n";

/** An i18next instance with every dictionary at once, as tests need it (no loading step). */
export function testI18n(language: InterfaceLanguageCode = "en"): I18n {
  return createI18n(language, resources);
}
