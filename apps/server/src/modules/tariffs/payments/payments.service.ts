import type { AppContext } from "../../../app-context";
import { AppError } from "../../../lib/app-error";
import {
  type ConfirmedPayment,
  configuredProviders,
  type PaymentProvider,
  type ProviderNotification,
} from "../payment-providers";
import { creditPayment } from "../payments";
import { buyTariffWithBalance } from "../tariff-purchase";
import { type TariffTerms, tariffTerms } from "../tariff-terms";
import { accountExists } from "./payments.repository";

/** What settling a confirmed payment did. */
export type Settlement = "credited" | "repeated" | "no_account";

/**
 * The providers' side of payments (docs/money.md "Payments"): a verified notification or a
 * payer's return confirms a payment, which is credited to the balance once per provider
 * payment id, and a tariff payment buys its tariff in the same transaction.
 */
export function createPaymentsService(
  ctx: Pick<AppContext, "db" | "config" | "log">,
  providers: PaymentProvider[] = configuredProviders(ctx.config),
  terms: TariffTerms = tariffTerms(ctx.config),
) {
  function provider(id: number): PaymentProvider {
    const found = providers.find((p) => p.id === id);
    if (!found) throw new AppError("not_found");
    return found;
  }

  /**
   * Credits a confirmed payment (a `top_up` row whose reference is the provider's payment
   * id: a repeat credits nothing) and buys the tariff it pays. When the tariff cannot be
   * bought (it left the catalogue, its price rose), the money stays on the balance.
   */
  async function settle(payment: ConfirmedPayment): Promise<Settlement> {
    return ctx.db.transaction(async (tx) => {
      if (!(await accountExists(tx, payment.userId))) return "no_account";
      const balance = await creditPayment(
        tx,
        {
          userId: payment.userId,
          cents: payment.cents,
          kind: "top_up",
          reference: payment.reference,
          note: payment.tariffId === undefined ? "" : `for tariff ${payment.tariffId}`,
        },
        ctx.config.referralPercentage,
      );
      if (balance === null) return "repeated";
      const { tariffId } = payment;
      if (tariffId !== undefined) {
        try {
          // A savepoint: a refused purchase rolls back alone, the credit stays.
          await tx.transaction((inner) =>
            buyTariffWithBalance(inner, payment.userId, tariffId, terms),
          );
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          ctx.log.warn(
            { reference: payment.reference, tariffId, code: error.code },
            "a paid tariff could not be bought; the payment stays on the balance",
          );
        }
      }
      return "credited";
    });
  }

  return {
    /** `POST payments/{provider}/webhook/`: verifies, then settles what it confirms. */
    async notification(providerId: number, notification: ProviderNotification): Promise<void> {
      const handler = provider(providerId);
      if (!handler.notification) throw new AppError("not_found");
      const payment = await handler.notification(notification);
      if (payment) await settle(payment);
    },

    /** `GET payments/{provider}/return/`: whether the payment is confirmed and settled. */
    async returned(providerId: number, query: Record<string, string>): Promise<boolean> {
      const handler = provider(providerId);
      if (!handler.returned) throw new AppError("not_found");
      const payment = await handler.returned(query);
      if (!payment) return false;
      await settle(payment);
      return true;
    },
  };
}
