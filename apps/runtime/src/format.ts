import type { PublicQuiz } from "@leadquiz/contract";
import type { VisitorTexts } from "./texts";

/** A unit's short text; "price" is the quiz currency's symbol. */
export function unitText(
  unit: string | null | undefined,
  texts: VisitorTexts,
  currency: PublicQuiz["currency"],
): string {
  if (!unit) return "";
  if (unit === "price") return currency.symbol;
  return texts.units[unit as keyof VisitorTexts["units"]] ?? "";
}

/** A number as the quiz language writes it (two decimals at most). */
export function formatNumber(value: number, language: string): string {
  try {
    return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
  } catch {
    return String(value);
  }
}

/** A value with its unit, or "—" for none. */
export function valueWithUnit(
  value: string | number | null,
  unit: string,
  language: string,
): string {
  if (value === null) return "—";
  const text = typeof value === "number" ? formatNumber(value, language) : value;
  return unit === "" ? text : `${text} ${unit}`;
}
