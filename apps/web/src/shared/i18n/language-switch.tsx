import {
  type InterfaceLanguageCode,
  interfaceLanguages,
  isInterfaceLanguage,
} from "@leadquiz/i18n";
import { Select, type SelectProps } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "./i18n";

/** Language names as their speakers write them (not translated). */
export const languageNames: Record<InterfaceLanguageCode, string> = {
  en: "English",
  ru: "Русский",
  uk: "Українська",
};

interface LanguageSwitchProps extends Omit<SelectProps, "data" | "value" | "onChange"> {
  /** Called after the interface language changed (settings also saves it in the profile). */
  onLanguageChange?: (language: InterfaceLanguageCode) => void;
}

/** Switches the interface language between English, Russian and Ukrainian. */
export function LanguageSwitch({ onLanguageChange, ...props }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  return (
    <Select
      aria-label={t("common:language.label")}
      data-testid="language-switch"
      data={interfaceLanguages.map((code) => ({ value: code, label: languageNames[code] }))}
      value={currentLanguage(i18n)}
      allowDeselect={false}
      checkIconPosition="right"
      w={150}
      {...props}
      onChange={(value) => {
        if (!isInterfaceLanguage(value)) return;
        void i18n.changeLanguage(value).then(() => onLanguageChange?.(value));
      }}
    />
  );
}
