import { z } from "zod";

/** `GET languagelist/` item. */
export const languageSchema = z.object({
  id: z.int32(),
  code: z.string(),
  name: z.string(),
});
export type Language = z.infer<typeof languageSchema>;
export const languageListSchema = z.array(languageSchema);

/** `GET currencylist/` item. */
export const currencySchema = z.object({
  id: z.int32(),
  code: z.string(),
  symbol: z.string(),
  name: z.string(),
});
export type Currency = z.infer<typeof currencySchema>;
export const currencyListSchema = z.array(currencySchema);

/**
 * `GET fontlist/` item; the fonts are self-hosted by the product. `family` is a CSS
 * font-family value; `url` the same-origin address of the font's stylesheet.
 */
export const fontSchema = z.object({
  id: z.int32(),
  name: z.string(),
  family: z.string(),
  url: z.string(),
});
export type Font = z.infer<typeof fontSchema>;
export const fontListSchema = z.array(fontSchema);

/** Quiz languages with the ids fixed by docs/api.md "Reference lists" (`quiz.language`). */
export const quizLanguages = [
  { id: 1, code: "uk", name: "Українська" },
  { id: 2, code: "en", name: "English" },
  { id: 3, code: "ru", name: "Русский" },
  { id: 4, code: "pt", name: "Português" },
  { id: 5, code: "it", name: "Italiano" },
  { id: 6, code: "fr", name: "Français" },
  { id: 7, code: "pl", name: "Polski" },
  { id: 8, code: "de", name: "Deutsch" },
] as const satisfies readonly Language[];
export const DEFAULT_QUIZ_LANGUAGE_ID = 2;

/** Quiz currencies (`quiz.currency`). Ids are stored: append, never renumber. */
export const quizCurrencies = [
  { id: 1, code: "USD", symbol: "$", name: "US dollar" },
  { id: 2, code: "EUR", symbol: "€", name: "Euro" },
  { id: 3, code: "UAH", symbol: "₴", name: "Ukrainian hryvnia" },
  { id: 4, code: "RUB", symbol: "₽", name: "Russian rouble" },
  { id: 5, code: "GBP", symbol: "£", name: "Pound sterling" },
  { id: 6, code: "PLN", symbol: "zł", name: "Polish złoty" },
  { id: 7, code: "BRL", symbol: "R$", name: "Brazilian real" },
  { id: 8, code: "KZT", symbol: "₸", name: "Kazakhstani tenge" },
] as const satisfies readonly Currency[];
export const DEFAULT_QUIZ_CURRENCY_ID = 1;

const languageIds = new Set<number>(quizLanguages.map((language) => language.id));
const currencyIds = new Set<number>(quizCurrencies.map((currency) => currency.id));

export const quizLanguageIdSchema = z
  .int32()
  .refine((id) => languageIds.has(id), { message: "invalid_value" });
export const quizCurrencyIdSchema = z
  .int32()
  .refine((id) => currencyIds.has(id), { message: "invalid_value" });
