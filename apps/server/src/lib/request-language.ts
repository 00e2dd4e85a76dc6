import { DEFAULT_LANGUAGE, type InterfaceLanguageCode, isInterfaceLanguage } from "@leadquiz/i18n";

/**
 * The interface language an Accept-Language header asks for: the first of en, ru, uk by
 * quality (q) and order, else en.
 */
export function languageFromAcceptLanguage(header: string | undefined): InterfaceLanguageCode {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(",")
    .map((part, order) => {
      const [tag = "", ...params] = part.trim().split(";");
      const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const q = qParam ? Number(qParam.slice(2)) : 1;
      return { code: tag.trim().toLowerCase().split("-")[0], q: Number.isFinite(q) ? q : 0, order };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const entry of ranked) if (isInterfaceLanguage(entry.code)) return entry.code;
  return DEFAULT_LANGUAGE;
}
