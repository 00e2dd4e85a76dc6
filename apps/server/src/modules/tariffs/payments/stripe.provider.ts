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

/**
 * The API version every call asks for in `Stripe-Version` (docs/money.md "Stripe"): the one
 * the official `stripe` package of our dev dependencies declares as its own, so what the
 * account's default version happens to be changes nothing.
 */
export const STRIPE_API_VERSION = "2026-11-18.endive";

/** A Checkout Session's parameters as Stripe's API reference nests them. */
export interface CheckoutSessionParams {
  mode: "payment";
  success_url: string;
  cancel_url: string;
  client_reference_id: string;
  line_items: {
    quantity: number;
    price_data: { currency: "usd"; unit_amount: number; product_data: { name: string } };
  }[];
  metadata: { user_id: string; tariff_id?: string };
}

/** The Checkout Session of a payment: one line item in USD cents, who pays in metadata. */
export function checkoutSessionParams(
  publicUrl: string,
  payment: { userId: number; cents: number; tariffId: number | undefined; description: string },
): CheckoutSessionParams {
  return {
    mode: "payment",
    success_url: `${publicUrl}/balance/my-rate?payment=done`,
    cancel_url: `${publicUrl}/balance/pay?payment=cancelled`,
    client_reference_id: String(payment.userId),
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: "usd",
          unit_amount: payment.cents,
          product_data: { name: payment.description },
        },
      },
    ],
    metadata: {
      user_id: String(payment.userId),
      ...(payment.tariffId === undefined ? {} : { tariff_id: String(payment.tariffId) }),
    },
  };
}

/** Stripe's form encoding of nested parameters: `a[b][0][c]=v`, arrays by index. */
export function stripeForm(params: object): URLSearchParams {
  const form = new URLSearchParams();
  const add = (key: string, value: unknown) => {
    if (value === undefined) return;
    if (value !== null && typeof value === "object") {
      for (const [inner, item] of Object.entries(value)) add(`${key}[${inner}]`, item);
    } else {
      form.append(key, String(value));
    }
  };
  for (const [key, value] of Object.entries(params)) add(key, value);
  return form;
}

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
      const params = checkoutSessionParams(publicUrl, { userId, cents, tariffId, description });
      const response = await callProvider(http, {
        method: "POST",
        url: `${config.apiUrl}/v1/checkout/sessions`,
        headers: {
          authorization: `Bearer ${config.secretKey}`,
          "content-type": "application/x-www-form-urlencoded",
          "idempotency-key": idempotencyKey(),
          "stripe-version": STRIPE_API_VERSION,
        },
        body: stripeForm(params).toString(),
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
