import { createRequire } from "node:module";
import path from "node:path";
import { type Schema, validateAndMap, validateAndUnmap } from "@apimatic/schema";
import {
  CheckoutPaymentIntent,
  type OrderRequest,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
} from "@paypal/paypal-server-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutgoingHttp } from "../../../integrations/http/outgoing-http";
import { type FakePaypal, startFakePaypal } from "../../../test-support/fake-paypal";
import { paypalProvider } from "./paypal.provider";

/**
 * Our create-order request against the official `@paypal/paypal-server-sdk` (docs/money.md
 * "Checked against Stripe's and PayPal's SDKs"): the body the fake received is validated by
 * the SDK's own schema of an Orders v2 request, the one its `createOrder` validates with.
 */

/**
 * The SDK's schema is not among its package's exports (only the types are), so it is loaded
 * from the file next to the package's entry point; the SDK's own validator checks with it.
 */
const require = createRequire(import.meta.url);
const sdkDir = path.dirname(require.resolve("@paypal/paypal-server-sdk"));
const { orderRequestSchema } = require(path.join(sdkDir, "models", "orderRequest.js")) as {
  orderRequestSchema: Schema<OrderRequest, unknown>;
};

/**
 * What the SDK's schema finds wrong with a wire body (snake_case JSON as PayPal reads it):
 * its validation errors, any key it does not know (lost on the way to the SDK's model and
 * back), and enum values outside the SDK's enums.
 */
function orderProblems(wire: unknown): string[] {
  const mapped = validateAndMap(wire as never, orderRequestSchema);
  if (mapped.errors) return mapped.errors.map((e) => `${e.path.join(".")}: ${e.message}`);
  const order = mapped.result;
  const problems: string[] = [];
  const back = validateAndUnmap(order, orderRequestSchema);
  if (back.errors || JSON.stringify(sorted(back.result)) !== JSON.stringify(sorted(wire))) {
    problems.push("keys the SDK does not know");
  }
  const inEnum = (values: object, value: unknown) =>
    value === undefined || Object.values(values).includes(value);
  if (!inEnum(CheckoutPaymentIntent, order.intent)) problems.push(`intent ${order.intent}`);
  const context = order.paymentSource?.paypal?.experienceContext;
  if (!inEnum(PaypalExperienceUserAction, context?.userAction)) problems.push("user_action");
  if (!inEnum(PaypalWalletContextShippingPreference, context?.shippingPreference)) {
    problems.push("shipping_preference");
  }
  return problems;
}

/** The value with object keys in order, for comparing JSON. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, sorted(v)]),
    );
  }
  return value;
}

let fake: FakePaypal;
beforeAll(async () => {
  fake = await startFakePaypal();
});
afterAll(() => fake.close());

describe("PayPal, against its official SDK", () => {
  it("creates orders whose body passes the SDK's Orders v2 request schema", async () => {
    const provider = paypalProvider(
      "https://app.example.com",
      {
        clientId: fake.clientId,
        clientSecret: fake.clientSecret,
        webhookId: fake.webhookId,
        apiUrl: fake.url,
      },
      createOutgoingHttp({ allowPrivateNetworks: true }),
    );
    await provider.paymentLink({ userId: 7, cents: 1990, tariffId: 3, description: "Pro" });
    await provider.paymentLink({ userId: 8, cents: 500, description: "Top-up" });
    const bodies = fake.requests
      .filter((r) => r.method === "POST" && r.path === "/v2/checkout/orders")
      .map((r) => r.body);
    expect(bodies).toHaveLength(2);
    for (const body of bodies) expect(orderProblems(body)).toEqual([]);
    expect(bodies[0]).toMatchObject({
      purchase_units: [{ custom_id: "7:3", amount: { currency_code: "USD", value: "19.90" } }],
    });
    expect(fake.problems).toEqual([]);
  });

  it("finds what PayPal would refuse (negative controls of the check)", () => {
    const good = {
      intent: "CAPTURE",
      purchase_units: [{ custom_id: "7", amount: { currency_code: "USD", value: "5.00" } }],
    };
    expect(orderProblems(good)).toEqual([]);
    // An amount as a number: PayPal's amounts are strings.
    const numeric = { ...good, purchase_units: [{ amount: { currency_code: "USD", value: 5 } }] };
    expect(orderProblems(numeric)).toEqual([expect.stringContaining("'string'")]);
    // A misspelt key, and the required purchase units missing.
    expect(orderProblems({ intent: "CAPTURE", purchase_unit: good.purchase_units })).toHaveLength(
      1,
    );
    // A key the schema does not know, and an intent outside its enum.
    expect(orderProblems({ ...good, custom: "7" })).toEqual(["keys the SDK does not know"]);
    expect(orderProblems({ ...good, intent: "SALE" })).toEqual(["intent SALE"]);
  });
});
