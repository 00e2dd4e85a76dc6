import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries } from "../../../db/schema";
import { apiCall, type TestUser } from "../../../test-support/api-client";
import { apiPaths } from "../../../test-support/api-paths";
import { type FakeStripe, startFakeStripe } from "../../../test-support/fake-stripe";
import { createMoneyHarness, type MoneyHarness } from "../../../test-support/money-fixtures";
import { findUnbalancedPurses } from "../ledger.repository";

let stripe: FakeStripe;
let h: MoneyHarness;
beforeAll(async () => {
  stripe = await startFakeStripe();
  h = await createMoneyHarness({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_URL: stripe.url,
    INTEGRATIONS_ALLOW_PRIVATE_NETWORKS: "true",
  });
});
afterAll(async () => {
  await h?.close();
  await stripe?.close();
});

/** Opens the card payment page for a top-up (or a tariff): the fake's session. */
async function checkout(user: TestUser, query: string) {
  const answer = await apiCall(h.t, "GET", `${apiPaths.tariffLinks}?provider=1&${query}`, {
    user,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const [{ link, provider }] = answer.json();
  expect(provider).toBe(1);
  const id = /\/pay\/(cs_test_\w+)$/.exec(link)?.[1] ?? "";
  const session = stripe.sessions.get(id);
  if (!session) throw new Error(`no session behind ${link}`);
  return session;
}

function notify(notification: { body: string; headers: Record<string, string> }) {
  return h.t.app.inject({
    method: "POST",
    url: `/api/v1${apiPaths.paymentWebhook(1)}`,
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

describe("card payments through Stripe Checkout (provider 1)", () => {
  it("offers the card provider instead of the manual one", async () => {
    const user = await h.register();
    const answer = await apiCall(h.t, "GET", apiPaths.paymentProviders, { user });
    expect(answer.json()).toEqual({ providers: [1] });
    const manual = await apiCall(h.t, "GET", `${apiPaths.tariffLinks}?provider=0&amount=5`, {
      user,
    });
    expect(manual.statusCode).toBe(400);
  });

  it("creates a Checkout Session with Stripe's form-encoded request and links its page", async () => {
    const user = await h.register();
    const session = await checkout(user, "amount=12.5");
    expect(stripe.forms.at(-1)).toEqual({
      mode: "payment",
      success_url: "http://localhost:3000/balance/my-rate?payment=done",
      cancel_url: "http://localhost:3000/balance/pay?payment=cancelled",
      client_reference_id: String(user.id),
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "1250",
      "line_items[0][price_data][product_data][name]": "Leadquiz balance top-up",
      "metadata[user_id]": String(user.id),
    });
    expect(session.url).toBe(`${stripe.url}/pay/${session.id}`);
    expect(stripe.problems).toEqual([]);
  });

  it("credits a completed session once, however often and in whatever order it is notified", async () => {
    const user = await h.register();
    const session = await checkout(user, "amount=20");
    session.payment_status = "paid";
    const completed = stripe.event("checkout.session.completed", session);
    const succeeded = stripe.event("checkout.session.async_payment_succeeded", session);
    // The later event first, then the first one three times (Stripe retries, no order).
    for (const notification of [succeeded, completed, completed, completed]) {
      const answer = await notify(notification);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ received: true });
    }
    expect((await h.info(user)).balance).toBe("20.00");
    expect(await topUps(user)).toMatchObject([{ cents: 2000, reference: `stripe:${session.id}` }]);
    expect(await findUnbalancedPurses(h.t.database.db)).toEqual([]);
  });

  it("credits once when the same notification arrives ten times at once", async () => {
    const user = await h.register();
    const session = await checkout(user, "amount=11");
    session.payment_status = "paid";
    const completed = stripe.event("checkout.session.completed", session);
    const answers = await Promise.all(Array.from({ length: 10 }, () => notify(completed)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect((await h.info(user)).balance).toBe("11.00");
    expect(await topUps(user)).toHaveLength(1);
  });

  it("credits nothing while the session is unpaid, then once when the payment succeeds", async () => {
    const user = await h.register();
    const session = await checkout(user, "amount=7.25");
    expect((await notify(stripe.event("checkout.session.completed", session))).statusCode).toBe(
      200,
    );
    expect((await h.info(user)).balance).toBe("0.00");
    session.payment_status = "paid";
    await notify(stripe.event("checkout.session.async_payment_succeeded", session));
    expect((await h.info(user)).balance).toBe("7.25");
  });

  it("acknowledges other events without changing anything", async () => {
    const user = await h.register();
    const session = await checkout(user, "amount=3");
    session.payment_status = "paid";
    const answer = await notify(stripe.event("checkout.session.expired", session));
    expect(answer.statusCode).toBe(200);
    expect((await h.info(user)).balance).toBe("0.00");
  });

  it("refuses forged, tampered, stale and unsigned notifications and changes nothing", async () => {
    const user = await h.register();
    const session = await checkout(user, "amount=50");
    session.payment_status = "paid";
    const genuine = stripe.event("checkout.session.completed", session);
    const forged = stripe.event("checkout.session.completed", session, {
      secret: "whsec_guessed",
    });
    const tampered = {
      headers: genuine.headers,
      body: genuine.body.replace('"amount_total":5000', '"amount_total":500000'),
    };
    const stale = stripe.event("checkout.session.completed", session, {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    const unsigned = { headers: { "content-type": "application/json" }, body: genuine.body };
    for (const notification of [forged, tampered, stale, unsigned]) {
      const answer = await notify(notification);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({
        detail: "This notification is not signed by the payment provider",
      });
    }
    expect((await h.info(user)).balance).toBe("0.00");
    expect(await topUps(user)).toEqual([]);
    expect((await notify(genuine)).statusCode).toBe(200);
    expect((await h.info(user)).balance).toBe("50.00");
  });

  it("buys the tariff a payment is for", async () => {
    const user = await h.register();
    const [start] = await h.catalogue(user);
    if (!start) throw new Error("empty catalogue");
    const session = await checkout(user, `tariff=${start.id}`);
    expect(stripe.forms.at(-1)).toMatchObject({
      "line_items[0][price_data][unit_amount]": String(Math.round(Number(start.price) * 100)),
      "line_items[0][price_data][product_data][name]": `Leadquiz tariff ${start.title}`,
      "metadata[tariff_id]": String(start.id),
    });
    session.payment_status = "paid";
    const completed = stripe.event("checkout.session.completed", session);
    await notify(completed);
    await notify(completed);
    const info = await h.info(user);
    expect(info).toMatchObject({ tariff: { id: start.id, is_trial: false }, balance: "0.00" });
    const rows = await h.t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, user.id));
    expect(rows.map((r) => r.kind).sort()).toEqual(["tariff_purchase", "top_up"]);
  });

  it("answers 503 with a translated message when Stripe cannot be reached", async () => {
    const user = await h.register();
    stripe.failWith(500);
    try {
      const answer = await apiCall(h.t, "GET", `${apiPaths.tariffLinks}?provider=1&amount=5`, {
        user,
        language: "uk",
      });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({
        detail: "Платіжна система недоступна. Спробуйте пізніше.",
      });
    } finally {
      stripe.failWith(0);
    }
  });
});
