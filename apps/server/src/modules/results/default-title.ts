import { quizLanguages } from "@leadquiz/contract";

/**
 * "Result {n}" in the quiz's language (languagelist id): the title is content a visitor
 * reads, so it follows the quiz, not the editor's interface language. Unknown ids fall back
 * to English.
 */
const RESULT_WORD: Record<string, string> = {
  uk: "Результат",
  en: "Result",
  ru: "Результат",
  pt: "Resultado",
  it: "Risultato",
  fr: "Résultat",
  pl: "Wynik",
  de: "Ergebnis",
};

export function defaultResultTitle(languageId: number, n: number): string {
  const code = quizLanguages.find((language) => language.id === languageId)?.code ?? "en";
  return `${RESULT_WORD[code] ?? "Result"} ${n}`;
}
