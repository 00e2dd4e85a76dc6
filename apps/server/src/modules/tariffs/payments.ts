import type { DbOrTx } from "../../db/client";
import { postLedgerRow } from "./ledger";
import type { LedgerKind } from "./ledger-row";
import { findReferralOf } from "./referral.repository";

/**
 * A payment into an account's balance (docs/money.md "Payments", "Referral"), in the
 * caller's transaction: the credit, and the inviter's share of it in their referral purse.
 * A repeated `reference` credits nothing twice; answers the new balance, or null then.
 */
export async function creditPayment(
  tx: DbOrTx,
  payment: {
    userId: number;
    cents: number;
    kind: Extract<LedgerKind, "top_up" | "operator_credit">;
    note?: string;
    reference?: string;
  },
  referralPercentage: number,
): Promise<number | null> {
  const posted = await postLedgerRow(tx, { ...payment, purse: "main" });
  if (!posted.posted) return null;
  const inviter = (await findReferralOf(tx, payment.userId))?.referredBy;
  const share = Math.floor((payment.cents * referralPercentage) / 100);
  if (inviter && share > 0) {
    await postLedgerRow(tx, {
      userId: inviter,
      purse: "referral",
      kind: "referral_credit",
      cents: share,
      reference: `ledger:${posted.id}`,
      note: `${referralPercentage}% of a payment of account ${payment.userId}`,
    });
  }
  return posted.balance;
}
