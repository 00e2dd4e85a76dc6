import type { IncomingHttpHeaders } from "node:http";
import { centsToAmount, PAYMENT_PROVIDER_MANUAL } from "@leadquiz/contract";
import type { AppConfig } from "../../config";
import { createOutgoingHttp, type OutgoingHttp } from "../../integrations/http/outgoing-http";
import { paypalProvider } from "./payments/paypal.provider";
import { stripeProvider } from "./payments/stripe.provider";

/** A payment a provider confirmed: what to credit, once per `reference`. */
export interface ConfirmedPayment {
  /** The provider's payment id, prefixed by the provider (`stripe:cs_…`, `paypal:5O1…`). */
  reference: string;
  userId: number;
  cents: number;
  /** The tariff it pays, bought with the credited money right away. */
  tariffId?: number | undefined;
}

/** A notification as it arrived: the raw bytes, which the signature covers. */
export interface ProviderNotification {
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * Payment providers behind one interface (docs/money.md "Payments"). A provider makes the
 * page where the owner pays; its confirmed payment credits the balance once per payment id.
 */
export interface PaymentProvider {
  /** The API's provider number (`tarifflinks/?provider=`). */
  id: number;
  /** The payment page for `cents`, paid by `userId` (for `tariffId`, when it pays one). */
  paymentLink(payment: {
    userId: number;
    cents: number;
    tariffId?: number;
    /** What the payer sees on the provider's page. */
    description: string;
  }): Promise<string>;
  /**
   * Verifies a signed notification (`POST payments/{provider}/webhook/`): the payment it
   * confirms, or null when it confirms none (another event). Throws an AppError 401 for a
   * notification that is not the provider's, 503 when the provider cannot be asked.
   */
  notification?(notification: ProviderNotification): Promise<ConfirmedPayment | null>;
  /**
   * The payer's browser coming back from the provider's page (`GET
   * payments/{provider}/return/`), e.g. PayPal's approved order to capture.
   */
  returned?(query: Record<string, string>): Promise<ConfirmedPayment | null>;
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

export type PaymentsConfig = Pick<
  AppConfig,
  "publicUrl" | "payments" | "integrationsAllowPrivateNetworks"
>;

/**
 * The providers this server offers, the preferred first: card (Stripe) and PayPal when
 * configured, else the manual one. Calls to the providers go through the integrations'
 * HTTP client (https only unless INTEGRATIONS_ALLOW_PRIVATE_NETWORKS, for tests).
 */
export function configuredProviders(
  config: PaymentsConfig,
  http: OutgoingHttp = createOutgoingHttp({
    allowPrivateNetworks: config.integrationsAllowPrivateNetworks,
    userAgent: "Leadquiz-Payments/1.0",
  }),
): PaymentProvider[] {
  const providers: PaymentProvider[] = [];
  const { stripe, paypal } = config.payments;
  if (stripe) providers.push(stripeProvider(config.publicUrl, stripe, http));
  if (paypal) providers.push(paypalProvider(config.publicUrl, paypal, http));
  return providers.length > 0 ? providers : [manualProvider(config)];
}
