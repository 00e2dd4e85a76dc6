import type { InterfaceLanguageCode } from "./languages";
import { resources } from "./resources";

/**
 * A tariff's name in the owner's language: the catalogue's seeded names ("Start",
 * "Business, 12 months"…, docs/money.md "Tariffs"), keyed by their English title in
 * `money:tariffNames`, are translated; a name the operator gave stays as it is.
 */
export function tariffName(language: string, title: string): string {
  const names = resources[language as InterfaceLanguageCode]?.money?.tariffNames;
  const name = typeof names === "object" ? names[title] : undefined;
  return typeof name === "string" ? name : title;
}
