import { quizLanguages } from "@leadquiz/contract";

/**
 * Default texts of new questions and answers, in the quiz's language (languagelist id):
 * they are content a visitor reads, so they follow the quiz, not the editor's interface
 * language (as "Result {n}" does). Unknown ids fall back to English.
 */
const WORDS: Record<string, { question: string; answer: string }> = {
  uk: { question: "Нове питання", answer: "Відповідь" },
  en: { question: "New question", answer: "Answer" },
  ru: { question: "Новый вопрос", answer: "Ответ" },
  pt: { question: "Nova pergunta", answer: "Resposta" },
  it: { question: "Nuova domanda", answer: "Risposta" },
  fr: { question: "Nouvelle question", answer: "Réponse" },
  pl: { question: "Nowe pytanie", answer: "Odpowiedź" },
  de: { question: "Neue Frage", answer: "Antwort" },
};

function wordsFor(languageId: number): { question: string; answer: string } {
  const code = quizLanguages.find((language) => language.id === languageId)?.code ?? "en";
  return WORDS[code] ?? { question: "New question", answer: "Answer" };
}

/** "New question {n}" in the quiz's language. */
export function defaultQuestionTitle(languageId: number, n: number): string {
  return `${wordsFor(languageId).question} ${n}`;
}

/** "Answer {n}" in the quiz's language. */
export function defaultAnswerText(languageId: number, n: number): string {
  return `${wordsFor(languageId).answer} ${n}`;
}
