import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries } from "../../../db/schema";
import { apiCall, type TestUser } from "../../../test-support/api-client";
import { apiPaths } from "../../../test-support/api-paths";
import { type FakePaypal, startFakePaypal } from "../../../test-support/fake-paypal";
import { type FakeStripe, startFakeStripe } from "../../../test-support/fake-stripe";
import { createMoneyHarness, type MoneyHarness } from "../../../test-support/money-fixtures";
import { findUnbalancedPurses } from "../ledger.repository";

let paypal: FakePaypal;
let stripe: FakeStripe;
let h: MoneyHarness;
beforeAll(async () => {
  paypal = await startFakePaypal();
  stripe = await startFakeStripe();
  h = await createMoneyHarness({
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_WEBHOOK_ID: paypal.webhookId,
    PAYPAL_API_URL: paypal.url,
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
    INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: "true",
  });
});
afterAll(async () => {
  await h?.close();
  await paypal?.close();
  await stripe?.close();
});

/** Opens the PayPal payment page: answers the order id behind its payer-action link. */
async function order(user: TestUser, query: string): Promise<string> {
  const answer = await apiCall(h.t, "GET", `${apiPaths.tariffLinks}?provider=14&${query}`, {
    user,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const [{ link, provider }] = answer.json();
  expect(provider).toBe(14);
  const id = new URL(link).searchParams.get("token") ?? "";
  expect(link).toBe(`${paypal.url}/checkoutnow?token=${id}`);
  return id;
}

/** The payer's browser back from PayPal: answers where it is sent. */
async function comeBack(orderId: string): Promise<string | undefined> {
  const answer = await h.t.app.inject({
    method: "GET",
    url: `/api/v1${apiPaths.paymentReturn(14)}?token=${orderId}&PayerID=QYR5Z8XDVJNXQ`,
  });
  expect(answer.statusCode).toBe(302);
  return answer.headers.location as string | undefined;
}

function notify(notification: { body: string; headers: Record<string, string> }) {
  return h.t.app.inject({
    method: "POST",
    url: `/api/v1${apiPaths.paymentWebhook(14)}`,
    headers: notification.headers,
    payload: notification.body,
  });
}

async function topUps(user: TestUser) {
  const rows = await h.t.database.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, user.id));
  return rows.filter((row) => row.kind === "top_up");
}

describe("PayPal Orders (provider 14)", () => {
  it("offers card first, then PayPal", async () => {
    const user = await h.register();
    const answer = await apiCall(h.t, "GET", apiPaths.paymentProviders, { user });
    expect(answer.json()).toEqual({ providers: [1, 14] });
  });

  it("gets a client-credentials token and creates a CAPTURE order with PayPal's shapes", async () => {
    const user = await h.register();
    const before = paypal.requests.length;
    const id = await order(user, "amount=15.5");
    const calls = paypal.requests.slice(before);
    const tokenCalls = paypal.requests.filter((r) => r.path === "/v1/oauth2/token");
    expect(tokenCalls).toHaveLength(1);
    expect(tokenCalls[0]?.body).toBe("grant_type=client_credentials");
    const created = calls.find((r) => r.path === "/v2/checkout/orders");
    expect(created?.headers["paypal-request-id"]).toEqual(expect.any(String));
    expect(created?.body).toEqual({
      intent: "CAPTURE",
      purchase_units: [
        {
          custom_id: String(user.id),
          description: "Leadquiz balance top-up",
          amount: { currency_code: "USD", value: "15.50" },
        },
      ],
      payment_source: {
        paypal: {
          experience_context: {
            return_url: "http://localhost:3000/api/v1/payments/14/return/",
            cancel_url: "http://localhost:3000/balance/pay?payment=cancelled",
            user_action: "PAY_NOW",
            shipping_preference: "NO_SHIPPING",
          },
        },
      },
    });
    expect(paypal.orders.get(id)?.value).toBe("15.50");
    // A second payment page reuses the token.
    await order(user, "amount=1");
    expect(paypal.requests.filter((r) => r.path === "/v1/oauth2/token")).toHaveLength(1);
    expect(paypal.problems).toEqual([]);
  });

  it("captures the approved order on return and credits it once with every later notification", async () => {
    const user = await h.register();
    const id = await order(user, "amount=30");
    paypal.approve(id);
    expect(await comeBack(id)).toBe("http://localhost:3000/balance/my-rate?payment=done");
    const capture = paypal.requests.at(-1);
    expect(capture).toMatchObject({
      method: "POST",
      path: `/v2/checkout/orders/${id}/capture`,
      headers: { "paypal-request-id": `capture-${id}` },
    });
    expect((await h.info(user)).balance).toBe("30.00");
    // The browser reloads the return page; PayPal notifies the approval and the capture.
    await comeBack(id);
    for (const notification of [
      paypal.notification("PAYMENT.CAPTURE.COMPLETED", paypal.captureResource(id)),
      paypal.notification("CHECKOUT.ORDER.APPROVED", paypal.orderResource(id)),
      paypal.notification("PAYMENT.CAPTURE.COMPLETED", paypal.captureResource(id)),
    ]) {
      const answer = await notify(notification);
      expect(answer.statusCode, answer.body).toBe(200);
    }
    expect((await h.info(user)).balance).toBe("30.00");
    expect(await topUps(user)).toMatchObject([{ cents: 3000, reference: `paypal:${id}` }]);
    expect(await findUnbalancedPurses(h.t.database.db)).toEqual([]);
    expect(paypal.problems).toEqual([]);
  });

  it("credits a capture notified before the payer returns, and the return adds nothing", async () => {
    const user = await h.register();
    const id = await order(user, "amount=12");
    paypal.approve(id);
    paypal.captureNow(id);
    const answer = await notify(
      paypal.notification("PAYMENT.CAPTURE.COMPLETED", paypal.captureResource(id)),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await h.info(user)).balance).toBe("12.00");
    expect(await comeBack(id)).toBe("http://localhost:3000/balance/my-rate?payment=done");
    expect((await h.info(user)).balance).toBe("12.00");
  });

  it("captures an order whose approval is notified when the payer never comes back", async () => {
    const user = await h.register();
    const id = await order(user, "amount=8");
    paypal.approve(id);
    const answer = await notify(
      paypal.notification("CHECKOUT.ORDER.APPROVED", paypal.orderResource(id)),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(paypal.orders.get(id)?.status).toBe("COMPLETED");
    expect((await h.info(user)).balance).toBe("8.00");
  });

  it("asks PayPal to verify each notification and refuses what PayPal does not confirm", async () => {
    const user = await h.register();
    const id = await order(user, "amount=40");
    paypal.approve(id);
    paypal.captureNow(id);
    const forged = paypal.notification("PAYMENT.CAPTURE.COMPLETED", paypal.captureResource(id), {
      forged: true,
    });
    const genuine = paypal.notification("PAYMENT.CAPTURE.COMPLETED", paypal.captureResource(id));
    const tampered = { headers: genuine.headers, body: genuine.body.replace("40.00", "4000.00") };
    const { "paypal-transmission-sig": _dropped, ...unsignedHeaders } = genuine.headers;
    const unsigned = { headers: unsignedHeaders, body: genuine.body };
    for (const notification of [forged, tampered, unsigned]) {
      const answer = await notify(notification);
      expect(answer.statusCode).toBe(401);
    }
    expect((await h.info(user)).balance).toBe("0.00");
    expect(await topUps(user)).toEqual([]);
    const verifications = paypal.requests.filter(
      (r) => r.path === "/v1/notifications/verify-webhook-signature",
    );
    expect(verifications.at(-1)?.body).toEqual({
      auth_algo: "SHA256withRSA",
      cert_url: genuine.headers["paypal-cert-url"],
      transmission_id: genuine.headers["paypal-transmission-id"],
      transmission_sig: genuine.headers["paypal-transmission-sig"],
      transmission_time: genuine.headers["paypal-transmission-time"],
      webhook_id: paypal.webhookId,
      webhook_event: JSON.parse(tampered.body),
    });
    expect((await notify(genuine)).statusCode).toBe(200);
    expect((await h.info(user)).balance).toBe("40.00");
  });

  it("sends the payer back to the payment page when the order was not approved", async () => {
    const user = await h.register();
    const id = await order(user, "amount=9");
    expect(await comeBack(id)).toBe("http://localhost:3000/balance/pay?payment=failed");
    expect(await comeBack("NOT-AN-ORDER")).toBe("http://localhost:3000/balance/pay?payment=failed");
    expect((await h.info(user)).balance).toBe("0.00");
  });

  it("buys the tariff a PayPal payment is for", async () => {
    const user = await h.register();
    const tariffs = await h.catalogue(user);
    const business = tariffs[1];
    if (!business) throw new Error("the catalogue has fewer than two tariffs");
    const id = await order(user, `tariff=${business.id}`);
    expect(paypal.orders.get(id)).toMatchObject({
      customId: `${user.id}:${business.id}`,
      value: business.price,
    });
    paypal.approve(id);
    await comeBack(id);
    expect(await h.info(user)).toMatchObject({ tariff: { id: business.id }, balance: "0.00" });
  });
});
