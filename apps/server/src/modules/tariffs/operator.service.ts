import {
  amountToCents,
  centsToAmount,
  MAX_AMOUNT_CENTS,
  type OperatorCredit,
} from "@leadquiz/contract";
import type { AppContext } from "../../app-context";
import { FieldErrors } from "../../lib/app-error";
import { postLedgerRow } from "./ledger";
import { findUserIdByEmail } from "./tariffs.repository";

/**
 * The operator's work on balances (docs/money.md "Operator"): crediting a payment made
 * outside the product (the manual provider), recorded in the ledger with its reason.
 */
export function createOperatorService(ctx: Pick<AppContext, "db">) {
  return {
    async credit(body: OperatorCredit): Promise<{ user: number; balance: string }> {
      const cents = amountToCents(body.amount);
      if (cents <= 0 || cents > MAX_AMOUNT_CENTS) {
        throw new FieldErrors({ amount: ["errors:amount_out_of_range"] });
      }
      const userId = await findUserIdByEmail(ctx.db, body.email);
      if (userId === undefined) throw new FieldErrors({ email: ["errors:unknown_account"] });
      const posted = await ctx.db.transaction((tx) =>
        postLedgerRow(tx, {
          userId,
          purse: "main",
          kind: "operator_credit",
          cents,
          note: body.reason,
        }),
      );
      if (!posted.posted) throw new Error("an operator credit has no reference to repeat");
      return { user: userId, balance: centsToAmount(posted.balance) };
    },
  };
}
