import type { PublicLanguage } from "@leadquiz/contract";
import { publicLanguageSchema } from "@leadquiz/contract";

/** The few texts of the server's own visitor pages, in the visitor languages. */
export interface PageTexts {
  notFoundTitle: string;
  notFoundText: string;
  unavailableTitle: string;
  unavailableText: string;
  /** The page of a quiz whose owner's tariff has ended (docs/money.md "Limits"). */
  notAvailableTitle: string;
  notAvailableText: string;
  /** The accessible name of the embed's close buttons (`data-close-label`). */
  close: string;
}

export const pageTexts: Record<PublicLanguage, PageTexts> = {
  en: {
    notFoundTitle: "Quiz not found",
    notFoundText: "This quiz does not exist or is not published.",
    unavailableTitle: "Temporarily unavailable",
    unavailableText: "The quiz cannot be shown right now. Please try again in a minute.",
    notAvailableTitle: "Quiz not available",
    notAvailableText: "This quiz is not available at the moment.",
    close: "Close",
  },
  ru: {
    notFoundTitle: "Квиз не найден",
    notFoundText: "Этого квиза нет или он не опубликован.",
    unavailableTitle: "Временно недоступно",
    unavailableText: "Квиз сейчас не может быть показан. Попробуйте через минуту.",
    notAvailableTitle: "Квиз недоступен",
    notAvailableText: "Этот квиз сейчас недоступен.",
    close: "Закрыть",
  },
  uk: {
    notFoundTitle: "Квіз не знайдено",
    notFoundText: "Цього квізу немає або його не опубліковано.",
    unavailableTitle: "Тимчасово недоступно",
    unavailableText: "Квіз зараз не може бути показано. Спробуйте за хвилину.",
    notAvailableTitle: "Квіз недоступний",
    notAvailableText: "Цей квіз зараз недоступний.",
    close: "Закрити",
  },
  pt: {
    notFoundTitle: "Quiz não encontrado",
    notFoundText: "Este quiz não existe ou não está publicado.",
    unavailableTitle: "Temporariamente indisponível",
    unavailableText: "O quiz não pode ser exibido agora. Tente novamente em um minuto.",
    notAvailableTitle: "Quiz indisponível",
    notAvailableText: "Este quiz não está disponível no momento.",
    close: "Fechar",
  },
  it: {
    notFoundTitle: "Quiz non trovato",
    notFoundText: "Questo quiz non esiste o non è pubblicato.",
    unavailableTitle: "Temporaneamente non disponibile",
    unavailableText: "Il quiz non può essere mostrato ora. Riprova tra un minuto.",
    notAvailableTitle: "Quiz non disponibile",
    notAvailableText: "Questo quiz non è disponibile al momento.",
    close: "Chiudi",
  },
  fr: {
    notFoundTitle: "Quiz introuvable",
    notFoundText: "Ce quiz n’existe pas ou n’est pas publié.",
    unavailableTitle: "Temporairement indisponible",
    unavailableText: "Le quiz ne peut pas être affiché pour le moment. Réessayez dans une minute.",
    notAvailableTitle: "Quiz indisponible",
    notAvailableText: "Ce quiz n'est pas disponible pour le moment.",
    close: "Fermer",
  },
  pl: {
    notFoundTitle: "Nie znaleziono quizu",
    notFoundText: "Ten quiz nie istnieje lub nie jest opublikowany.",
    unavailableTitle: "Chwilowo niedostępne",
    unavailableText: "Quizu nie można teraz wyświetlić. Spróbuj ponownie za minutę.",
    notAvailableTitle: "Quiz niedostępny",
    notAvailableText: "Ten quiz jest obecnie niedostępny.",
    close: "Zamknij",
  },
  de: {
    notFoundTitle: "Quiz nicht gefunden",
    notFoundText: "Dieses Quiz existiert nicht oder ist nicht veröffentlicht.",
    unavailableTitle: "Vorübergehend nicht verfügbar",
    unavailableText:
      "Das Quiz kann gerade nicht angezeigt werden. Bitte versuchen Sie es gleich noch einmal.",
    notAvailableTitle: "Quiz nicht verfügbar",
    notAvailableText: "Dieses Quiz ist im Moment nicht verfügbar.",
    close: "Schließen",
  },
};

/** The first visitor language of an Accept-Language header (by q order), en otherwise. */
export function visitorLanguageOf(header: string | undefined): PublicLanguage {
  if (!header) return "en";
  const ranked = header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { code: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q) : 1, index };
    })
    .filter((item) => item.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { code } of ranked) {
    const parsed = publicLanguageSchema.safeParse(code);
    if (parsed.success) return parsed.data;
  }
  return "en";
}
