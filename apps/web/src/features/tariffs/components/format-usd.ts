/**
 * An amount of the API ("1500.00", docs/money.md) as the owner's language writes dollars:
 * "$1,500.00" in English, "1 500,00 $" in Russian and Ukrainian.
 */
export function formatUsd(amount: string, language: string): string {
  return new Intl.NumberFormat(language, { style: "currency", currency: "USD" }).format(
    Number(amount),
  );
}
