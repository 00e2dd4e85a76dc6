import {
  type InterfaceLanguageCode,
  interfaceLanguages,
  isInterfaceLanguage,
} from "@leadquiz/i18n";
import { ComboboxChevron, type MantineBreakpoint, NativeSelect } from "@mantine/core";
import type { ChangeEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "./i18n";
import classes from "./language-switch.module.css";

/** Language names as their speakers write them (not translated). */
export const languageNames: Record<InterfaceLanguageCode, string> = {
  en: "English",
  ru: "Русский",
  uk: "Українська",
};

export interface LanguageSwitchProps {
  /** Called after the interface language changed (settings also saves it in the profile). */
  onLanguageChange?: (language: InterfaceLanguageCode) => void;
  /** Narrow (phone headers): the field shows the code ("RU"), the list the full names. */
  compact?: boolean;
  /** A visible label (the settings page); without it the field is named by aria-label. */
  label?: ReactNode;
  /** The field's width (not compact); 150 px by default. */
  w?: number;
  /** Hidden below this breakpoint (Mantine's `visibleFrom`). */
  visibleFrom?: MantineBreakpoint;
}

/**
 * Switches the interface language between English, Russian and Ukrainian. A native
 * <select>: the phone's own picker, and no dropdown of Mantine's kept (hidden) in every
 * page's header — a Mantine Select positioned its hidden list as the page first drew,
 * which cost the editor's first render much of its style work (docs/editor.md "Start time").
 */
export function LanguageSwitch({
  onLanguageChange,
  compact = false,
  label,
  w = 150,
  visibleFrom,
}: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  const value = currentLanguage(i18n);
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const chosen = event.currentTarget.value;
    if (!isInterfaceLanguage(chosen)) return;
    void i18n.changeLanguage(chosen).then(() => onLanguageChange?.(chosen));
  };
  const options = interfaceLanguages.map((code) => ({ value: code, label: languageNames[code] }));
  if (!compact) {
    return (
      <NativeSelect
        {...(label ? { label } : { "aria-label": t("common:language.label") })}
        data-testid="language-switch"
        data={options}
        value={value}
        onChange={onChange}
        w={w}
        // In a crowded header the e-mail gives way, not the switch.
        style={{ flexShrink: 0 }}
        {...(visibleFrom ? { visibleFrom } : {})}
      />
    );
  }
  return (
    <div
      className={`${classes.compact}${visibleFrom ? ` mantine-visible-from-${visibleFrom}` : ""}`}
    >
      <span aria-hidden>{value.toUpperCase()}</span>
      <span aria-hidden className={classes.chevron}>
        <ComboboxChevron size="sm" />
      </span>
      <select
        aria-label={t("common:language.label")}
        data-testid="language-switch"
        value={value}
        onChange={onChange}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
