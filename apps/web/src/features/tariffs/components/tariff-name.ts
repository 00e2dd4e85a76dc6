import { useTranslation } from "react-i18next";

/**
 * A tariff's name in the interface language (the server's `tariffName` of @leadquiz/i18n,
 * from the dictionary already loaded): the catalogue's seeded names, keyed by their English
 * title in `money:tariffNames`, translated; the trial as "Trial"; other names as they are.
 */
export function useTariffName(): (tariff: { title: string; is_trial?: boolean } | null) => string {
  const { t, i18n } = useTranslation();
  return (tariff) => {
    if (!tariff) return "";
    if (tariff.is_trial) return t("money:myRate.trial");
    const names = i18n.getResource(i18n.language, "money", "tariffNames") as
      | Record<string, string>
      | undefined;
    return names?.[tariff.title] ?? tariff.title;
  };
}
