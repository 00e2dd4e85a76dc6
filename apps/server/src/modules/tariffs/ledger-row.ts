/** The shape of a ledger row (docs/money.md "Ledger"). */

/** An account's purses: the main balance and the referral bonus funds. */
export type Purse = "main" | "referral";

/** Why a balance changed. */
export type LedgerKind =
  | "top_up"
  | "operator_credit"
  | "tariff_purchase"
  | "referral_credit"
  | "transfer"
  | "withdrawal_hold"
  | "withdrawal_release";

export interface LedgerRow {
  userId: number;
  purse: Purse;
  kind: LedgerKind;
  /** Signed: positive credits, negative debits; never 0. */
  cents: number;
  /** Makes a credit from outside count once (a provider's payment id). */
  reference?: string | undefined;
  note?: string | undefined;
}
