import { createHmac, randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readBody } from "./fake-stripe";

export interface FakePaypalOrder {
  id: string;
  status: "PAYER_ACTION_REQUIRED" | "APPROVED" | "COMPLETED";
  customId: string;
  value: string;
  captureId: string | undefined;
}

export interface FakePaypal {
  /** PAYPAL_API_URL for the app. */
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** Every request's method, path and parsed JSON body (or form text). */
  requests: { method: string; path: string; body: unknown; headers: Record<string, unknown> }[];
  orders: Map<string, FakePaypalOrder>;
  /** Problems found in requests (a test expects none). */
  problems: string[];
  /** The payer approves the order on PayPal's page. */
  approve(orderId: string): void;
  /** Captures the order as PayPal would on its own (for out-of-order tests). */
  captureNow(orderId: string): void;
  /** A notification as PayPal would POST it, signed unless `forged`. */
  notification(
    eventType: string,
    resource: unknown,
    options?: { forged?: boolean },
  ): { body: string; headers: Record<string, string> };
  /** The capture resource of a completed order (PAYMENT.CAPTURE.COMPLETED). */
  captureResource(orderId: string): Record<string, unknown>;
  /** The order resource (CHECKOUT.ORDER.APPROVED). */
  orderResource(orderId: string): Record<string, unknown>;
  close(): Promise<void>;
}

/**
 * PayPal's side on loopback (docs/money.md "PayPal"): `POST /v1/oauth2/token` (Basic client
 * credentials, `grant_type=client_credentials`), `POST /v2/checkout/orders` (intent CAPTURE,
 * one purchase unit in USD, a payer-action link), `POST /v2/checkout/orders/{id}/capture`
 * (422 ORDER_NOT_APPROVED / ORDER_ALREADY_CAPTURED), `GET /v2/checkout/orders/{id}`, and
 * `POST /v1/notifications/verify-webhook-signature`, which answers SUCCESS only for a
 * notification this fake signed for the configured webhook id, unchanged.
 */
export async function startFakePaypal(): Promise<FakePaypal> {
  const clientId = `client-${randomBytes(6).toString("hex")}`;
  const clientSecret = randomBytes(16).toString("hex");
  const webhookId = `WH${randomBytes(8).toString("hex").toUpperCase()}`;
  const signingKey = randomBytes(32);
  const accessToken = `A21AA${randomBytes(16).toString("hex")}`;
  const requests: FakePaypal["requests"] = [];
  const orders = new Map<string, FakePaypalOrder>();
  const problems: string[] = [];
  let url = "";

  const sign = (transmissionId: string, time: string, body: string) =>
    createHmac("sha256", signingKey)
      .update(`${transmissionId}|${time}|${webhookId}|${body}`)
      .digest("base64");

  function orderBody(order: FakePaypalOrder) {
    return {
      id: order.id,
      intent: "CAPTURE",
      status: order.status,
      purchase_units: [
        {
          reference_id: "default",
          amount: { currency_code: "USD", value: order.value },
          custom_id: order.customId,
          ...(order.captureId
            ? {
                payments: {
                  captures: [
                    {
                      id: order.captureId,
                      status: "COMPLETED",
                      amount: { currency_code: "USD", value: order.value },
                      custom_id: order.customId,
                      final_capture: true,
                    },
                  ],
                },
              }
            : {}),
        },
      ],
      links: [{ href: `${url}/v2/checkout/orders/${order.id}`, rel: "self", method: "GET" }],
    };
  }

  function complete(order: FakePaypalOrder) {
    order.status = "COMPLETED";
    order.captureId = randomBytes(8).toString("hex").toUpperCase();
  }

  const server = createServer((request, response) => {
    void readBody(request).then((text) => {
      const answer = (status: number, body: unknown) => {
        response.writeHead(status, { "content-type": "application/json" });
        response.end(JSON.stringify(body));
      };
      const path = request.url ?? "";
      const method = request.method ?? "";
      let body: unknown = text;
      if (request.headers["content-type"] === "application/json" && text) {
        try {
          body = JSON.parse(text);
        } catch {
          problems.push(`${path}: not JSON`);
        }
      }
      requests.push({ method, path, body, headers: { ...request.headers } });
      if (method === "POST" && path === "/v1/oauth2/token") {
        const basic = Buffer.from(`${clientId}:${clientSecret}`).toString("base64");
        if (request.headers.authorization !== `Basic ${basic}`) {
          return answer(401, {
            error: "invalid_client",
            error_description: "Client Authentication failed",
          });
        }
        if (request.headers["content-type"] !== "application/x-www-form-urlencoded") {
          problems.push("token content-type");
        }
        if (text !== "grant_type=client_credentials") problems.push(`token body ${text}`);
        return answer(200, {
          scope: "https://uri.paypal.com/services/payments/payment",
          access_token: accessToken,
          token_type: "Bearer",
          app_id: "APP-80W284485P519543T",
          expires_in: 32400,
          nonce: "2024-01-01T00:00:00Zabc",
        });
      }
      if (request.headers.authorization !== `Bearer ${accessToken}`) {
        return answer(401, {
          error: "invalid_token",
          error_description: "Token signature verification failed",
        });
      }
      if (method === "POST" && path === "/v2/checkout/orders") {
        if (!request.headers["paypal-request-id"]) problems.push("no PayPal-Request-Id");
        const order = body as Record<string, unknown>;
        const units = order.purchase_units as Record<string, unknown>[] | undefined;
        const unit = units?.[0] ?? {};
        const amount = (unit.amount ?? {}) as Record<string, unknown>;
        const context = ((order.payment_source as Record<string, Record<string, unknown>>)?.paypal
          ?.experience_context ?? {}) as Record<string, unknown>;
        if (
          order.intent !== "CAPTURE" ||
          units?.length !== 1 ||
          amount.currency_code !== "USD" ||
          typeof amount.value !== "string" ||
          !/^\d+\.\d{2}$/.test(amount.value) ||
          typeof unit.custom_id !== "string" ||
          typeof context.return_url !== "string" ||
          typeof context.cancel_url !== "string"
        ) {
          problems.push(`order shape ${text}`);
          return answer(400, {
            name: "INVALID_REQUEST",
            details: [{ issue: "INVALID_PARAMETER_SYNTAX" }],
          });
        }
        const id = randomBytes(9).toString("hex").toUpperCase().slice(0, 17);
        const created: FakePaypalOrder = {
          id,
          status: "PAYER_ACTION_REQUIRED",
          customId: unit.custom_id,
          value: amount.value,
          captureId: undefined,
        };
        orders.set(id, created);
        return answer(200, {
          id,
          status: "PAYER_ACTION_REQUIRED",
          payment_source: { paypal: {} },
          links: [
            { href: `${url}/v2/checkout/orders/${id}`, rel: "self", method: "GET" },
            { href: `${url}/checkoutnow?token=${id}`, rel: "payer-action", method: "GET" },
          ],
        });
      }
      const orderPath = /^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/capture)?$/.exec(path);
      if (orderPath) {
        const order = orders.get(orderPath[1] ?? "");
        if (!order)
          return answer(404, {
            name: "RESOURCE_NOT_FOUND",
            details: [{ issue: "INVALID_RESOURCE_ID" }],
          });
        if (method === "GET" && !orderPath[2]) return answer(200, orderBody(order));
        if (method === "POST" && orderPath[2]) {
          if (request.headers["content-type"] !== "application/json")
            problems.push("capture content-type");
          if (order.status === "COMPLETED") {
            return answer(422, {
              name: "UNPROCESSABLE_ENTITY",
              details: [{ issue: "ORDER_ALREADY_CAPTURED" }],
            });
          }
          if (order.status !== "APPROVED") {
            return answer(422, {
              name: "UNPROCESSABLE_ENTITY",
              details: [{ issue: "ORDER_NOT_APPROVED" }],
            });
          }
          complete(order);
          return answer(201, orderBody(order));
        }
      }
      if (method === "POST" && path === "/v1/notifications/verify-webhook-signature") {
        const check = body as Record<string, unknown>;
        const fields = [
          "auth_algo",
          "cert_url",
          "transmission_id",
          "transmission_sig",
          "transmission_time",
          "webhook_id",
          "webhook_event",
        ];
        const missing = fields.filter((f) => check[f] === undefined);
        if (missing.length) {
          problems.push(`verify: missing ${missing.join(" ")}`);
          return answer(400, { name: "VALIDATION_ERROR" });
        }
        const ok =
          check.webhook_id === webhookId &&
          check.auth_algo === "SHA256withRSA" &&
          check.transmission_sig ===
            sign(
              String(check.transmission_id),
              String(check.transmission_time),
              JSON.stringify(check.webhook_event),
            );
        return answer(200, { verification_status: ok ? "SUCCESS" : "FAILURE" });
      }
      return answer(404, { name: "RESOURCE_NOT_FOUND" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const must = (orderId: string) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`no order ${orderId}`);
    return order;
  };

  return {
    url,
    clientId,
    clientSecret,
    webhookId,
    requests,
    orders,
    problems,
    approve(orderId) {
      must(orderId).status = "APPROVED";
    },
    captureNow(orderId) {
      complete(must(orderId));
    },
    notification(eventType, resource, options = {}) {
      const body = JSON.stringify({
        id: `WH-${randomBytes(8).toString("hex").toUpperCase()}`,
        event_version: "1.0",
        create_time: new Date().toISOString(),
        resource_type: eventType.startsWith("PAYMENT") ? "capture" : "checkout-order",
        event_type: eventType,
        summary: eventType,
        resource,
      });
      const transmissionId = randomBytes(16).toString("hex");
      const time = new Date().toISOString();
      const signature = options.forged
        ? randomBytes(32).toString("base64")
        : sign(transmissionId, time, body);
      return {
        body,
        headers: {
          "content-type": "application/json",
          "paypal-auth-algo": "SHA256withRSA",
          "paypal-cert-url": `${url}/v1/notifications/certs/CERT-360caa42-fca2a594-a5cafa77`,
          "paypal-transmission-id": transmissionId,
          "paypal-transmission-sig": signature,
          "paypal-transmission-time": time,
        },
      };
    },
    captureResource(orderId) {
      const order = must(orderId);
      return {
        id: order.captureId,
        status: "COMPLETED",
        amount: { currency_code: "USD", value: order.value },
        custom_id: order.customId,
        final_capture: true,
        supplementary_data: { related_ids: { order_id: order.id } },
      };
    },
    orderResource(orderId) {
      return orderBody(must(orderId));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
