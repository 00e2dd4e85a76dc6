import type { PublicLanguage } from "@leadquiz/contract";
import type { VisitorTexts } from "@leadquiz/i18n/visitor/types";
import { createContext, useContext } from "react";

export type { VisitorTexts };

type Loader = () => Promise<{ texts: VisitorTexts }>;

/** One chunk per language: a visitor downloads only the quiz's language. */
const loaders: Record<PublicLanguage, Loader> = {
  en: () => import("@leadquiz/i18n/visitor/en"),
  ru: () => import("@leadquiz/i18n/visitor/ru"),
  uk: () => import("@leadquiz/i18n/visitor/uk"),
  pt: () => import("@leadquiz/i18n/visitor/pt"),
  it: () => import("@leadquiz/i18n/visitor/it"),
  fr: () => import("@leadquiz/i18n/visitor/fr"),
  pl: () => import("@leadquiz/i18n/visitor/pl"),
  de: () => import("@leadquiz/i18n/visitor/de"),
};

/** The visitor texts of a quiz language (en for a code the runtime does not know). */
export async function loadVisitorTexts(language: string): Promise<VisitorTexts> {
  const load = loaders[language as PublicLanguage] ?? loaders.en;
  return (await load()).texts;
}

/** Fills `{{name}}` placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ""));
}

export const TextsContext = createContext<VisitorTexts | null>(null);

export function useTexts(): VisitorTexts {
  const texts = useContext(TextsContext);
  if (texts === null) throw new Error("visitor texts are missing");
  return texts;
}
