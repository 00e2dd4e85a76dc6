import {
  amountToCents,
  centsToAmount,
  MAX_AMOUNT_CENTS,
  type OperatorCredit,
  type OperatorTariff,
  type OperatorTariffCreate,
  type OperatorTariffUpdate,
  type Withdrawal,
} from "@leadquiz/contract";
import type { AppContext } from "../../app-context";
import { AppError, FieldErrors } from "../../lib/app-error";
import { postLedgerRow } from "./ledger";
import { creditPayment } from "./payments";
import { decideWithdrawal } from "./referral.repository";
import { presentWithdrawal } from "./referral.service";
import {
  findUserIdByEmail,
  insertTariff,
  listAllTariffs,
  type TariffRow,
  type TariffValues,
  updateTariff,
} from "./tariffs.repository";
import { presentTariff } from "./tariffs.service";

function presentOperatorTariff(row: TariffRow): OperatorTariff {
  return { ...presentTariff(row), is_trial: row.isTrial, on_sale: row.onSale, sort: row.sort };
}

/** The columns of the fields given (an update changes only those). */
function tariffValues(body: OperatorTariffUpdate): Partial<TariffValues> {
  const values: Partial<TariffValues> = {};
  if (body.title !== undefined) values.title = body.title;
  if (body.period_months !== undefined) values.periodMonths = body.period_months;
  if (body.projects_per_month !== undefined) values.projectsPerMonth = body.projects_per_month;
  if (body.requests_per_month !== undefined) values.requestsPerMonth = body.requests_per_month;
  if (body.price !== undefined) {
    const cents = amountToCents(body.price);
    if (cents > MAX_AMOUNT_CENTS) throw new FieldErrors({ price: ["errors:amount_out_of_range"] });
    values.priceCents = cents;
  }
  if (body.auto_detect !== undefined) values.autoDetect = body.auto_detect;
  if (body.on_sale !== undefined) values.onSale = body.on_sale;
  if (body.sort !== undefined) values.sort = body.sort;
  return values;
}

/**
 * The operator's work on balances (docs/money.md "Operator"): crediting a payment made
 * outside the product (the manual provider), recorded in the ledger with its reason; and on
 * the tariff catalogue (a change applies to new purchases; a held tariff keeps its end date).
 */
export function createOperatorService(ctx: Pick<AppContext, "db" | "config">) {
  return {
    async tariffs(): Promise<OperatorTariff[]> {
      return (await listAllTariffs(ctx.db)).map(presentOperatorTariff);
    },

    async addTariff(body: OperatorTariffCreate): Promise<OperatorTariff> {
      const values = tariffValues(body);
      return presentOperatorTariff(
        await insertTariff(ctx.db, {
          ...values,
          title: body.title,
          periodMonths: body.period_months,
          projectsPerMonth: body.projects_per_month,
          requestsPerMonth: body.requests_per_month,
          priceCents: values.priceCents ?? 0,
        }),
      );
    },

    async changeTariff(id: number, body: OperatorTariffUpdate): Promise<OperatorTariff> {
      const row = await updateTariff(ctx.db, id, tariffValues(body));
      if (!row) throw new AppError("not_found");
      return presentOperatorTariff(row);
    },

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
