import type { ValidationMessageKey } from "./messages";

/**
 * Money is a decimal string with two places ("12.50", docs/api.md "Conventions"), in US dollars.
 * Every comparison here is made in whole cents (integers), never on floats.
 */
export type MoneyInput = string | number;

/** Minimum referral withdrawal (docs/product.md "Validation rules"): 100 dollars. */
export const MIN_REFERRAL_WITHDRAWAL_DOLLARS = 100;
export const MIN_REFERRAL_WITHDRAWAL_CENTS = MIN_REFERRAL_WITHDRAWAL_DOLLARS * 100;

const MONEY_STRING = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;

/**
 * Whole cents of an amount, or null when it is not one: a string of digits with at most
 * two decimal places ("100", "100.5", "100.00", optionally "-"), or a finite number with
 * at most two decimal places (100.1 is 10010; 0.1 + 0.2 is 30; 100.005 is null).
 * White space around a string is ignored; "1,50", "1e3", ".5" and "" are refused.
 */
export function parseMoneyToCents(value: MoneyInput): number | null {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    // A number that prints with at most two places ("100.1") is read as that text.
    const printed = String(value);
    if (MONEY_STRING.test(printed)) return parseMoneyToCents(printed);
    // Otherwise only float noise is forgiven (0.1 + 0.2 prints 0.30000000000000004): the
    // amount must lie within a millionth of a cent of a whole cent.
    const cents = Math.round(value * 100);
    if (!Number.isSafeInteger(cents)) return null;
    return Math.abs(value * 100 - cents) < 1e-6 ? cents || 0 : null; // `|| 0` turns -0 into 0
  }
  const parts = MONEY_STRING.exec(value.trim());
  if (!parts) return null;
  const [, sign = "", whole = "", fraction = ""] = parts;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(cents)) return null;
  return sign === "-" && cents !== 0 ? -cents : cents;
}

/** Cents as the API's decimal string: 10050 → "100.50", -5 → "-0.05". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

function isBlank(value: MoneyInput): boolean {
  return typeof value === "string" && value.trim() === "";
}

/** A positive amount in cents, or the key of the first problem with it. */
function positiveCents(value: MoneyInput): number | ValidationMessageKey {
  if (isBlank(value)) return "required";
  const cents = parseMoneyToCents(value);
  return cents === null || cents <= 0 ? "invalid_amount" : cents;
}

/**
 * Referral withdrawal (docs/product.md "Validation rules"): at least 100 dollars; when the referral
 * balance is given, the amount must not exceed it either. Card number and receiver name are plain
 * required fields (validateRequired).
 */
export function validateReferralWithdrawal(
  amount: MoneyInput,
  referralBalance?: MoneyInput,
): ValidationMessageKey | null {
  const cents = positiveCents(amount);
  if (typeof cents === "string") return cents;
  if (cents < MIN_REFERRAL_WITHDRAWAL_CENTS) return "referral_withdrawal_minimum";
  if (referralBalance !== undefined) {
    const balance = parseMoneyToCents(referralBalance);
    if (balance === null || cents > balance) return "withdrawal_exceeds_balance";
  }
  return null;
}

/** Transfer from the referral balance to the main balance: 0 < amount ≤ referral balance. */
export function validateBalanceTransfer(
  amount: MoneyInput,
  referralBalance: MoneyInput,
): ValidationMessageKey | null {
  const cents = positiveCents(amount);
  if (typeof cents === "string") return cents;
  const balance = parseMoneyToCents(referralBalance);
  return balance === null || cents > balance ? "transfer_exceeds_balance" : null;
}

/**
 * Paying a tariff from the balance: the balance must cover the price (balance ≥ price).
 * A price that is not a valid non-negative amount gives "invalid_amount".
 */
export function validatePayFromBalance(
  price: MoneyInput,
  balance: MoneyInput,
): ValidationMessageKey | null {
  const priceCents = parseMoneyToCents(price);
  if (priceCents === null || priceCents < 0) return "invalid_amount";
  const balanceCents = parseMoneyToCents(balance);
  return balanceCents === null || balanceCents < priceCents ? "insufficient_funds" : null;
}
