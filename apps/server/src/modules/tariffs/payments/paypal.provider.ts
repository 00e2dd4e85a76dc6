import { amountToCents, centsToAmount, PAYMENT_PROVIDER_PAYPAL } from "@leadquiz/contract";
import type { AppConfig } from "../../../config";
import type { OutgoingHttp, OutgoingResponse } from "../../../integrations/http/outgoing-http";
import { AppError } from "../../../lib/app-error";
import type { ConfirmedPayment, PaymentProvider } from "./payment-provider";
import {
  callProvider,
  idempotencyKey,
  idFrom,
  jsonOf,
  objectAt,
  objectsAt,
  parseJsonObject,
  refused,
  unreadable,
} from "./provider-calls";

type PaypalConfig = NonNullable<AppConfig["payments"]["paypal"]>;

/** The notification headers PayPal signs with, in the verification call's field order. */
const SIGNATURE_HEADERS = [
  ["auth_algo", "paypal-auth-algo"],
  ["cert_url", "paypal-cert-url"],
  ["transmission_id", "paypal-transmission-id"],
  ["transmission_sig", "paypal-transmission-sig"],
  ["transmission_time", "paypal-transmission-time"],
] as const;

const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;
/** PayPal's order ids: upper-case letters and digits. */
const ORDER_ID = /^[A-Z0-9]{1,36}$/;

/**
 * PayPal Orders v2 (provider 14; docs/money.md "PayPal"): an OAuth client-credentials token,
 * an order with `intent: CAPTURE` whose payer-action link is the payment page, the capture
 * when the payer comes back (or when the approval is notified first), and notifications
 * checked with PayPal's own `verify-webhook-signature` call. The order id is the ledger
 * reference, so the return and every notification of one order credit once.
 */
export function paypalProvider(
  publicUrl: string,
  config: PaypalConfig,
  http: OutgoingHttp,
  now: () => number = Date.now,
): PaymentProvider {
  let token: { value: string; expiresAt: number } | undefined;

  async function accessToken(): Promise<string> {
    if (token && token.expiresAt > now()) return token.value;
    const basic = Buffer.from(`${config.clientId}:${config.clientSecret}`).toString("base64");
    const response = await callProvider(http, {
      method: "POST",
      url: `${config.apiUrl}/v1/oauth2/token`,
      headers: {
        authorization: `Basic ${basic}`,
        "content-type": "application/x-www-form-urlencoded",
        accept: "application/json",
      },
      body: "grant_type=client_credentials",
    });
    const answer = jsonOf(response);
    if (response.status !== 200 || typeof answer.access_token !== "string") {
      throw new AppError("service_unavailable", "payment_provider_unreachable");
    }
    const seconds = typeof answer.expires_in === "number" ? answer.expires_in : 0;
    // Renewed a minute early, so a token never expires between this check and its use.
    token = { value: answer.access_token, expiresAt: now() + Math.max(0, seconds - 60) * 1000 };
    return token.value;
  }

  async function call(
    method: "GET" | "POST",
    path: string,
    body: string | undefined,
    requestId?: string,
  ): Promise<OutgoingResponse> {
    return callProvider(http, {
      method,
      url: `${config.apiUrl}${path}`,
      headers: {
        authorization: `Bearer ${await accessToken()}`,
        ...(method === "POST" ? { "content-type": "application/json" } : {}),
        ...(requestId ? { "paypal-request-id": requestId } : {}),
      },
      ...(body === undefined ? {} : { body }),
    });
  }

  /** Captures an approved order; an order captured before is read instead. */
  async function capture(orderId: string): Promise<ConfirmedPayment | null> {
    if (!ORDER_ID.test(orderId)) return null;
    const path = `/v2/checkout/orders/${orderId}`;
    const response = await call("POST", `${path}/capture`, undefined, `capture-${orderId}`);
    if (response.status === 200 || response.status === 201) return capturedOrder(jsonOf(response));
    const [issue] = objectsAt(parseJsonObject(response.body), "details");
    if (response.status === 422 && issue?.issue === "ORDER_ALREADY_CAPTURED") {
      const order = await call("GET", path, undefined);
      if (order.status === 200) return capturedOrder(jsonOf(order));
    }
    if (response.status >= 500) {
      throw new AppError("service_unavailable", "payment_provider_unreachable");
    }
    // Not approved yet, or not ours: nothing is confirmed.
    return null;
  }

  return {
    id: PAYMENT_PROVIDER_PAYPAL,

    async paymentLink({ userId, cents, tariffId, description }) {
      const order = {
        intent: "CAPTURE",
        purchase_units: [
          {
            custom_id: customId(userId, tariffId),
            description,
            amount: { currency_code: "USD", value: centsToAmount(cents) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: `${publicUrl}/api/v1/payments/${PAYMENT_PROVIDER_PAYPAL}/return/`,
              cancel_url: `${publicUrl}/balance/pay?payment=cancelled`,
              user_action: "PAY_NOW",
              shipping_preference: "NO_SHIPPING",
            },
          },
        },
      };
      const response = await call(
        "POST",
        "/v2/checkout/orders",
        JSON.stringify(order),
        idempotencyKey(),
      );
      const created = jsonOf(response);
      const approve = objectsAt(created, "links").find(
        (link) => link.rel === "payer-action" || link.rel === "approve",
      );
      if (
        (response.status !== 200 && response.status !== 201) ||
        typeof approve?.href !== "string"
      ) {
        throw new AppError("service_unavailable", "payment_provider_unreachable");
      }
      return approve.href;
    },

    async returned(query) {
      return capture(query.token ?? "");
    },

    async notification({ headers, body }) {
      const fields: string[] = [];
      for (const [field, header] of SIGNATURE_HEADERS) {
        const value = headers[header];
        if (typeof value !== "string" || value.length === 0 || value.length > 2048) {
          throw refused();
        }
        fields.push(`${JSON.stringify(field)}:${JSON.stringify(value)}`);
      }
      const text = body.toString("utf8");
      const event = parseJsonObject(text);
      if (!event) throw unreadable();
      // The event goes back byte for byte: PayPal checks its signature over what it sent.
      const verification = await call(
        "POST",
        "/v1/notifications/verify-webhook-signature",
        `{${fields.join(",")},"webhook_id":${JSON.stringify(config.webhookId)},"webhook_event":${text}}`,
      );
      if (verification.status >= 500) {
        throw new AppError("service_unavailable", "payment_provider_unreachable");
      }
      if (verification.status !== 200 || jsonOf(verification).verification_status !== "SUCCESS") {
        throw refused();
      }
      const resource = objectAt(event, "resource");
      if (event.event_type === "PAYMENT.CAPTURE.COMPLETED") return completedCapture(resource);
      if (event.event_type === "CHECKOUT.ORDER.APPROVED" && typeof resource.id === "string") {
        // Approved, but the payer may never come back to our return page: capture now.
        return capture(resource.id);
      }
      return null;
    },
  };
}

/** Who pays and for what, as the order carries it: `<user>` or `<user>:<tariff>`. */
function customId(userId: number, tariffId: number | undefined): string {
  return tariffId === undefined ? String(userId) : `${userId}:${tariffId}`;
}

function payment(
  orderId: unknown,
  custom: unknown,
  amount: Record<string, unknown>,
): ConfirmedPayment | null {
  if (typeof orderId !== "string" || !ORDER_ID.test(orderId) || typeof custom !== "string") {
    return null;
  }
  const [user, tariff] = custom.split(":");
  const userId = idFrom(user);
  if (
    userId === undefined ||
    amount.currency_code !== "USD" ||
    typeof amount.value !== "string" ||
    !AMOUNT.test(amount.value)
  ) {
    return null;
  }
  const cents = amountToCents(amount.value);
  if (cents <= 0) return null;
  return { reference: `paypal:${orderId}`, userId, cents, tariffId: idFrom(tariff) };
}

/** A `PAYMENT.CAPTURE.COMPLETED` resource: a capture of one of our orders. */
function completedCapture(capture: Record<string, unknown>): ConfirmedPayment | null {
  if (capture.status !== "COMPLETED") return null;
  const orderId = objectAt(objectAt(capture, "supplementary_data"), "related_ids").order_id;
  return payment(orderId, capture.custom_id, objectAt(capture, "amount"));
}

/** An order whose capture completed (the capture's answer, or the order read back). */
function capturedOrder(order: Record<string, unknown>): ConfirmedPayment | null {
  const [unit] = objectsAt(order, "purchase_units");
  if (order.status !== "COMPLETED" || !unit) return null;
  const done = objectsAt(objectAt(unit, "payments"), "captures").find(
    (c) => c.status === "COMPLETED",
  );
  if (!done) return null;
  return payment(order.id, done.custom_id ?? unit.custom_id, objectAt(done, "amount"));
}
