import { PAYMENT_PROVIDER_CARD } from "@leadquiz/contract";
import type { AppConfig } from "../../../config";
import type { OutgoingHttp } from "../../../integrations/http/outgoing-http";
import { AppError } from "../../../lib/app-error";
import type { ConfirmedPayment, PaymentProvider } from "./payment-provider";
import {
  callProvider,
  idempotencyKey,
  idFrom,
  jsonOf,
  objectAt,
  parseJsonObject,
  refused,
  unreadable,
} from "./provider-calls";
import { verifyStripeSignature } from "./stripe-signature";

type StripeConfig = NonNullable<AppConfig["payments"]["stripe"]>;

/** The events that can confirm a Checkout Session's payment. */
const PAYING_EVENTS = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
]);

/**
 * Card payments through Stripe Checkout (provider 1; docs/money.md "Stripe"): the payment
 * page is a Checkout Session (`POST /v1/checkout/sessions`, form-encoded, the secret key as
 * Bearer); its `checkout.session.completed` notification, signed in `Stripe-Signature`,
 * confirms the payment; the session id is the ledger reference.
 */
export function stripeProvider(
  publicUrl: string,
  config: StripeConfig,
  http: OutgoingHttp,
  nowS: () => number = () => Math.floor(Date.now() / 1000),
): PaymentProvider {
  return {
    id: PAYMENT_PROVIDER_CARD,

    async paymentLink({ userId, cents, tariffId, description }) {
      const form = new URLSearchParams({
        mode: "payment",
        success_url: `${publicUrl}/balance/my-rate?payment=done`,
        cancel_url: `${publicUrl}/balance/pay?payment=cancelled`,
        client_reference_id: String(userId),
        "line_items[0][quantity]": "1",
        "line_items[0][price_data][currency]": "usd",
        "line_items[0][price_data][unit_amount]": String(cents),
        "line_items[0][price_data][product_data][name]": description,
        "metadata[user_id]": String(userId),
      });
      if (tariffId !== undefined) form.set("metadata[tariff_id]", String(tariffId));
      const response = await callProvider(http, {
        method: "POST",
        url: `${config.apiUrl}/v1/checkout/sessions`,
        headers: {
          authorization: `Bearer ${config.secretKey}`,
          "content-type": "application/x-www-form-urlencoded",
          "idempotency-key": idempotencyKey(),
        },
        body: form.toString(),
      });
      const session = jsonOf(response);
      if (response.status !== 200 || typeof session.url !== "string") {
        throw new AppError("service_unavailable", "payment_provider_unreachable");
      }
      return session.url;
    },

    async notification({ headers, body }) {
      if (!verifyStripeSignature(headers["stripe-signature"], body, config.webhookSecret, nowS())) {
        throw refused();
      }
      const event = parseJsonObject(body.toString("utf8"));
      if (!event) throw unreadable();
      if (typeof event.type !== "string" || !PAYING_EVENTS.has(event.type)) return null;
      return paidSession(objectAt(event.data, "object"));
    },
  };
}

/** The payment a paid Checkout Session of ours confirms (null: unpaid yet, or not ours). */
function paidSession(session: Record<string, unknown>): ConfirmedPayment | null {
  const metadata = objectAt(session, "metadata");
  const userId = idFrom(metadata.user_id);
  const cents = session.amount_total;
  if (
    session.object !== "checkout.session" ||
    typeof session.id !== "string" ||
    session.payment_status !== "paid" ||
    session.currency !== "usd" ||
    userId === undefined ||
    typeof cents !== "number" ||
    !Number.isSafeInteger(cents) ||
    cents <= 0
  ) {
    return null;
  }
  return {
    reference: `stripe:${session.id}`,
    userId,
    cents,
    tariffId: idFrom(metadata.tariff_id),
  };
}
