import {
  amountToCents,
  centsToAmount,
  MAX_AMOUNT_CENTS,
  type Tariff,
  type TariffInfo,
  type TariffLinks,
  type TariffLinksQuery,
} from "@leadquiz/contract";
import type { AppContext } from "../../app-context";
import type { DbOrTx } from "../../db/client";
import { AppError, FieldErrors } from "../../lib/app-error";
import { readAccountTariffState } from "./account-tariff";
import { readBalance } from "./ledger.repository";
import { configuredProviders, type PaymentProvider } from "./payment-providers";
import { buyTariffWithBalance } from "./tariff-purchase";
import { type TariffTerms, tariffTerms } from "./tariff-terms";
import { findTariff, listTariffsOnSale, type TariffRow } from "./tariffs.repository";

export type TariffsService = ReturnType<typeof createTariffsService>;

export function presentTariff(row: TariffRow): Tariff {
  return {
    id: row.id,
    title: row.title,
    period_months: row.periodMonths,
    projects_per_month: row.projectsPerMonth,
    requests_per_month: row.requestsPerMonth,
    price: centsToAmount(row.priceCents),
    auto_detect: row.autoDetect,
  };
}

/**
 * The catalogue, the account's tariff and buying one from the balance (operations
 * `listTariffs`, `getTariffInfo`, `buyTariffFromBalance`; docs/money.md).
 */
export function createTariffsService(
  ctx: Pick<AppContext, "db" | "config">,
  terms: TariffTerms = tariffTerms(ctx.config),
  providers: PaymentProvider[] = configuredProviders(ctx.config),
) {
  async function info(db: DbOrTx, userId: number): Promise<TariffInfo> {
    const state = await readAccountTariffState(db, userId, terms);
    const limit = state.row.requestsGranted;
    return {
      tariff: { id: state.tariff.id, title: state.tariff.title, is_trial: state.tariff.isTrial },
      ends_at: state.row.endsAt.toISOString(),
      is_active: state.isActive,
      projects_used: state.projectsUsed,
      projects_limit: state.tariff.projectsPerMonth,
      requests_used: Math.max(0, limit - state.requestsLeft),
      requests_limit: limit,
      balance: centsToAmount(await readBalance(db, userId, "main")),
      referral_balance: centsToAmount(await readBalance(db, userId, "referral")),
    };
  }

  return {
    terms,

    async list(): Promise<Tariff[]> {
      return (await listTariffsOnSale(ctx.db)).map(presentTariff);
    },

    info: (userId: number) => info(ctx.db, userId),

    /** `GET payment-providers/`: the providers offered, the preferred first. */
    providers: () => ({ providers: providers.map((p) => p.id) }),

    /**
     * `GET tarifflinks/`: the payment page of a top-up or of a tariff's price with the
     * chosen provider (the preferred one when none is named).
     */
    async links(userId: number, query: TariffLinksQuery): Promise<TariffLinks> {
      const provider =
        query.provider === undefined
          ? providers[0]
          : providers.find((p) => p.id === query.provider);
      if (!provider) throw new FieldErrors({ provider: ["errors:payment_provider_unavailable"] });
      let cents = query.amount === undefined ? 0 : amountToCents(query.amount);
      let tariffId: number | undefined;
      let description: string | undefined;
      if (query.tariff !== undefined) {
        const tariff = await findTariff(ctx.db, query.tariff);
        if (!tariff || tariff.isTrial || !tariff.onSale) throw new AppError("not_found");
        cents = tariff.priceCents;
        tariffId = tariff.id;
        description = `Leadquiz tariff ${tariff.title}`;
      }
      if (cents <= 0 || cents > MAX_AMOUNT_CENTS) {
        throw new FieldErrors({ amount: ["errors:amount_out_of_range"] });
      }
      const link = await provider.paymentLink({
        userId,
        cents,
        ...(tariffId === undefined ? {} : { tariffId }),
        description: description ?? "Leadquiz balance top-up",
      });
      return [{ link, provider: provider.id }];
    },

    /** `POST buy-tariff-from-balance/`: the purchase (tariff-purchase.ts) in one transaction. */
    async buyFromBalance(userId: number, tariffId: number): Promise<TariffInfo> {
      return ctx.db.transaction(async (tx) => {
        // Off sale: no new purchase. A payment already made for it still buys it (payments).
        const tariff = await findTariff(tx, tariffId);
        if (tariff && !tariff.onSale) throw new AppError("not_found");
        await buyTariffWithBalance(tx, userId, tariffId, terms);
        return info(tx, userId);
      });
    },
  };
}
