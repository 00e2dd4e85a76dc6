import {
  amountToCents,
  centsToAmount,
  MIN_WITHDRAWAL_CENTS,
  type ReferralInfo,
  type Withdrawal,
  type WithdrawalRequest,
} from "@leadquiz/contract";
import type { AppContext } from "../../app-context";
import type { DbOrTx } from "../../db/client";
import { AppError, FieldErrors } from "../../lib/app-error";
import { cardDigits, maskCard, passesLuhn, sealCard } from "./card-number";
import { type LedgerRow, postLedgerRow } from "./ledger";
import { readBalance } from "./ledger.repository";
import {
  countInvited,
  findReferralOf,
  insertWithdrawal,
  listWithdrawals,
  type WithdrawalRow,
} from "./referral.repository";

export function presentWithdrawal(row: WithdrawalRow): Withdrawal {
  return {
    id: row.id,
    method: row.method,
    amount: centsToAmount(row.cents),
    status: row.status as Withdrawal["status"],
    destination: row.paypalEmail ?? row.cardMasked ?? "",
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Debits the referral funds inside the caller's transaction. The callers read the balance
 * first, but a concurrent request may take the funds between that read and this debit
 * (docs/money.md "Ledger"): it gets the same 400 as the read would have given.
 */
async function debitReferral(tx: DbOrTx, row: LedgerRow): Promise<void> {
  try {
    await postLedgerRow(tx, row);
  } catch (error) {
    if (error instanceof AppError && error.code === "insufficient_funds") {
      throw new FieldErrors({ amount: ["errors:transfer_exceeds_balance"] });
    }
    throw error;
  }
}

/**
 * The referral programme (operations `getReferral`, `transferReferralBalance`,
 * `requestReferralPayment`; docs/money.md "Referral").
 */
export function createReferralService(ctx: Pick<AppContext, "db" | "config" | "secrets">) {
  return {
    async info(userId: number): Promise<ReferralInfo> {
      const own = await findReferralOf(ctx.db, userId);
      if (!own) throw new AppError("not_found");
      return {
        code: own.code,
        link: `${ctx.config.publicUrl}/registration?ref=${encodeURIComponent(own.code)}`,
        percentage: ctx.config.referralPercentage,
        invited_count: await countInvited(ctx.db, userId),
        referral_balance: centsToAmount(await readBalance(ctx.db, userId, "referral")),
        requests: (await listWithdrawals(ctx.db, userId)).map(presentWithdrawal),
      };
    },

    /** `PUT transfer_referral_balance/`: referral funds into the main balance, one transaction. */
    async transfer(userId: number, amount: string) {
      const cents = amountToCents(amount);
      if (cents <= 0) throw new FieldErrors({ amount: ["errors:amount_out_of_range"] });
      return ctx.db.transaction(async (tx) => {
        const held = await readBalance(tx, userId, "referral");
        if (cents > held) throw new FieldErrors({ amount: ["errors:transfer_exceeds_balance"] });
        await debitReferral(tx, { userId, purse: "referral", kind: "transfer", cents: -cents });
        const main = await postLedgerRow(tx, { userId, purse: "main", kind: "transfer", cents });
        return {
          balance: centsToAmount(main.posted ? main.balance : 0),
          referral_balance: centsToAmount(await readBalance(tx, userId, "referral")),
        };
      });
    },

    /**
     * `POST referral_payment_request/`: at least 100.00, to a PayPal address or a card
     * that passes the Luhn check; the amount is held from the referral funds at once.
     */
    async requestPayment(userId: number, { data }: WithdrawalRequest): Promise<Withdrawal> {
      const cents = amountToCents(data.amount);
      const fields: Record<string, string[]> = {};
      if (cents < MIN_WITHDRAWAL_CENTS) fields.amount = ["errors:withdrawal_minimum"];
      const digits = data.card_number === undefined ? "" : cardDigits(data.card_number);
      if (data.method === 1 && !data.paypal_email) fields.paypal_email = ["validation:required"];
      if (data.method === 2 && !passesLuhn(digits)) fields.card_number = ["errors:card_invalid"];
      if (Object.keys(fields).length > 0) throw new FieldErrors(fields);
      return ctx.db.transaction(async (tx) => {
        const held = await readBalance(tx, userId, "referral");
        if (cents > held) throw new FieldErrors({ amount: ["errors:transfer_exceeds_balance"] });
        const row = await insertWithdrawal(tx, {
          userId,
          method: data.method,
          cents,
          receiverName: data.receiver_name,
          ...(data.method === 1
            ? { paypalEmail: data.paypal_email ?? null }
            : {
                cardSealed: sealCard(digits, ctx.secrets.encryptionKey),
                cardMasked: maskCard(digits),
              }),
        });
        await debitReferral(tx, {
          userId,
          purse: "referral",
          kind: "withdrawal_hold",
          cents: -cents,
          reference: `withdrawal:${row.id}`,
        });
        return presentWithdrawal(row);
      });
    },
  };
}
