import { centsToAmount, PAYMENT_PROVIDER_MANUAL } from "@leadquiz/contract";
import type { AppConfig } from "../../config";

/**
 * Payment providers behind one interface (docs/money.md "Payments"). A provider makes the
 * page where the owner pays; its confirmed payment credits the balance once per payment id.
 */
export interface PaymentProvider {
  /** The API's provider number (`tarifflinks/?provider=`). */
  id: number;
  /** The payment page for `cents`, paid by `userId` (for `tariffId`, when it pays one). */
  paymentLink(payment: { userId: number; cents: number; tariffId?: number }): Promise<string>;
}

/**
 * The manual provider, the embedded default: its page (in the web app) tells the owner
 * how to pay the operator, who then credits the balance (`npm run operator -- credit`).
 */
export function manualProvider(config: Pick<AppConfig, "publicUrl">): PaymentProvider {
  return {
    id: PAYMENT_PROVIDER_MANUAL,
    async paymentLink({ cents, tariffId }) {
      const query = new URLSearchParams({ amount: centsToAmount(cents) });
      if (tariffId !== undefined) query.set("tariff", String(tariffId));
      return `${config.publicUrl}/balance/pay/manual?${query.toString()}`;
    },
  };
}

/** The providers this server offers, the preferred first. */
export function configuredProviders(config: Pick<AppConfig, "publicUrl">): PaymentProvider[] {
  return [manualProvider(config)];
}
