import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutgoingHttp } from "../../../integrations/http/outgoing-http";
import { type FakeStripe, startFakeStripe } from "../../../test-support/fake-stripe";
import {
  checkoutSessionParams,
  STRIPE_API_VERSION,
  stripeForm,
  stripeProvider,
} from "./stripe.provider";

/**
 * Our Checkout Session call against the official `stripe` package (docs/money.md "Checked
 * against Stripe's and PayPal's SDKs"): its types check the parameters when this file is
 * type-checked, and the SDK itself, pointed at the local fake, sends the same parameters so
 * the form we encode can be compared with the form Stripe's own client encodes.
 */

const payment = { userId: 7, cents: 1990, tariffId: 3, description: "Leadquiz tariff Pro" };
const publicUrl = "https://app.example.com";

// Compile-time checks (`npm run typecheck` covers test files): our parameters are a
// SessionCreateParams, and the version we pin is the one the package declares.
const typed: Stripe.Checkout.SessionCreateParams = checkoutSessionParams(publicUrl, payment);
const pinned: Stripe.LatestApiVersion = STRIPE_API_VERSION;

// Negative controls: a check that accepted anything would leave these errors unused, and an
// unused `@ts-expect-error` fails the type check.
// @ts-expect-error `client_reference_id` is text, not our number (Stripe's enums are open).
const refusedMode: Stripe.Checkout.SessionCreateParams = { ...typed, client_reference_id: 7 };
const refusedAmount: Stripe.Checkout.SessionCreateParams = {
  ...typed,
  // @ts-expect-error `unit_amount` is a number of cents, not text.
  line_items: [{ quantity: 1, price_data: { currency: "usd", unit_amount: "19.90" } }],
};
// @ts-expect-error An API version the package does not declare as its own.
const refusedVersion: Stripe.LatestApiVersion = "2024-06-20";

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

/** The official client, talking to the fake instead of api.stripe.com. */
function officialClient(): Stripe {
  const { hostname, port } = new URL(fake.url);
  return new Stripe(fake.secretKey, {
    host: hostname,
    port: Number(port),
    protocol: "http",
    maxNetworkRetries: 0,
  });
}

describe("Stripe, against its official SDK", () => {
  it("pins the API version the SDK declares, on every call", async () => {
    expect(STRIPE_API_VERSION).toBe(Stripe.API_VERSION);
    expect(pinned).toBe(Stripe.API_VERSION);
    const provider = stripeProvider(
      publicUrl,
      { secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiUrl: fake.url },
      createOutgoingHttp({ allowPrivateNetworks: true }),
    );
    await provider.paymentLink(payment);
    await officialClient().checkout.sessions.create(typed);
    // Ours and the SDK's call both ask for the same version, not the account's default.
    expect(fake.versions.slice(-2)).toEqual([Stripe.API_VERSION, Stripe.API_VERSION]);
    expect(fake.problems).toEqual([]);
  });

  it("sends the form the official SDK sends for the same typed parameters", async () => {
    const provider = stripeProvider(
      publicUrl,
      { secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiUrl: fake.url },
      createOutgoingHttp({ allowPrivateNetworks: true }),
    );
    await provider.paymentLink(payment);
    const ours = fake.forms.at(-1);
    await officialClient().checkout.sessions.create(typed);
    const sdk = fake.forms.at(-1);
    expect(ours).toEqual(sdk);
    expect(ours).toMatchObject({
      "line_items[0][price_data][unit_amount]": "1990",
      "metadata[tariff_id]": "3",
    });
    // Negative control: the comparison sees a difference the SDK would encode.
    const other = Object.fromEntries(
      stripeForm({ ...typed, line_items: [{ quantity: 2 }] }).entries(),
    );
    expect(other).not.toEqual(sdk);
    expect(fake.problems).toEqual([]);
  });

  it("is refused by the fake, as by Stripe, with a version Stripe does not know", async () => {
    const response = await fetch(`${fake.url}/v1/checkout/sessions`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${fake.secretKey}`,
        "content-type": "application/x-www-form-urlencoded",
        "idempotency-key": "k1",
        "stripe-version": "2099-01-01.none",
      },
      body: stripeForm(typed).toString(),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { message: "Invalid Stripe API version: 2099-01-01.none" },
    });
    // The compile-time controls above exist as values only to be type-checked.
    expect([refusedMode, refusedAmount, refusedVersion]).toHaveLength(3);
  });
});
