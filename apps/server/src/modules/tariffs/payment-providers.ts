import { centsToAmount, PAYMENT_PROVIDER_MANUAL } from "@leadquiz/contract";
import type { AppConfig } from "../../config";
import { createOutgoingHttp, type OutgoingHttp } from "../../integrations/http/outgoing-http";
import type { PaymentProvider } from "./payments/payment-provider";
import { paypalProvider } from "./payments/paypal.provider";
import { stripeProvider } from "./payments/stripe.provider";

export type {
  ConfirmedPayment,
  PaymentProvider,
  ProviderNotification,
} from "./payments/payment-provider";

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
 * configured, else the manual one; with MANUAL_PAYMENTS=always the manual one comes last
 * beside them (an operator who also takes bank transfers). Calls to the providers go through the integrations'
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
  if (providers.length === 0 || config.payments.manual === "always") {
    providers.push(manualProvider(config));
  }
  return providers;
}
