import {
  amountToCents,
  centsToAmount,
  MAX_AMOUNT_CENTS,
  type OperatorCredit,
  type Withdrawal,
} from "@leadquiz/contract";
import type { AppContext } from "../../app-context";
import { AppError, FieldErrors } from "../../lib/app-error";
import { postLedgerRow } from "./ledger";
import { creditPayment } from "./payments";
import { decideWithdrawal } from "./referral.repository";
import { presentWithdrawal } from "./referral.service";
import { findUserIdByEmail } from "./tariffs.repository";

/**
 * The operator's work on balances (docs/money.md "Operator"): crediting a payment made
 * outside the product (the manual provider), recorded in the ledger with its reason.
 */
export function createOperatorService(ctx: Pick<AppContext, "db" | "config">) {
  return {
    async credit(body: OperatorCredit): Promise<{ user: number; balance: string }> {
      const cents = amountToCents(body.amount);
      if (cents <= 0 || cents > MAX_AMOUNT_CENTS) {
        throw new FieldErrors({ amount: ["errors:amount_out_of_range"] });
      }
      const userId = await findUserIdByEmail(ctx.db, body.email);
      if (userId === undefined) throw new FieldErrors({ email: ["errors:unknown_account"] });
      const balance = await ctx.db.transaction((tx) =>
        creditPayment(
          tx,
          { userId, cents, kind: "operator_credit", note: body.reason },
          ctx.config.referralPercentage,
        ),
      );
      if (balance === null) throw new Error("an operator credit has no reference to repeat");
      return { user: userId, balance: centsToAmount(balance) };
    },

    /**
     * Pays or rejects a pending withdrawal request (once); a rejection releases the held
     * amount back to the referral funds in the same transaction.
     */
    async decideWithdrawal(id: number, decision: "paid" | "rejected"): Promise<Withdrawal> {
      return ctx.db.transaction(async (tx) => {
        const row = await decideWithdrawal(tx, id, decision);
        if (!row) throw new AppError("not_found");
        if (decision === "rejected") {
          await postLedgerRow(tx, {
            userId: row.userId,
            purse: "referral",
            kind: "withdrawal_release",
            cents: row.cents,
            reference: `withdrawal:${row.id}`,
          });
        }
        return presentWithdrawal(row);
      });
    },
  };
}
