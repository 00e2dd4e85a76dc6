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
  /** Narrow (phone headers): the field shows the code ("RU"), the list the full names. */
  compact?: boolean;
}

/** Switches the interface language between English, Russian and Ukrainian. */
export function LanguageSwitch({
  onLanguageChange,
  compact = false,
  ...props
}: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  return (
    <Select
      // The field shows the chosen option's label: a new instance when the labels change.
      key={compact ? "compact" : "full"}
      aria-label={t("common:language.label")}
      data-testid="language-switch"
      data={interfaceLanguages.map((code) => ({
        value: code,
        label: compact ? code.toUpperCase() : languageNames[code],
      }))}
      {...(compact
        ? {
            renderOption: ({ option }) =>
              isInterfaceLanguage(option.value) ? languageNames[option.value] : "",
            comboboxProps: { width: 160, position: "bottom-end" },
          }
        : {})}
      value={currentLanguage(i18n)}
      allowDeselect={false}
      checkIconPosition="right"
      w={compact ? 76 : 150}
      // In a crowded header the e-mail gives way, not the switch.
      style={{ flexShrink: 0 }}
      {...props}
      onChange={(value) => {
        if (!isInterfaceLanguage(value)) return;
        void i18n.changeLanguage(value).then(() => onLanguageChange?.(value));
      }}
    />
  );
}
