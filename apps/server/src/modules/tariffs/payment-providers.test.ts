import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { configuredProviders } from "./payment-providers";

/** Which providers the pay page offers, in order (docs/money.md "Payments"). */
function offered(env: Record<string, string>): number[] {
  return configuredProviders(loadConfig(env)).map((provider) => provider.id);
}

const STRIPE = { STRIPE_SECRET_KEY: "sk_test_1", STRIPE_WEBHOOK_SECRET: "whsec_1" };

describe("the payment providers a server offers", () => {
  it("is the manual provider alone on the embedded defaults", () => {
    expect(offered({})).toEqual([0]);
  });

  it("replaces the manual provider with the card provider once Stripe is configured", () => {
    expect(offered(STRIPE)).toEqual([1]);
  });

  it("keeps the manual provider last beside the card provider with MANUAL_PAYMENTS=always", () => {
    expect(offered({ ...STRIPE, MANUAL_PAYMENTS: "always" })).toEqual([1, 0]);
    expect(offered({ MANUAL_PAYMENTS: "always" })).toEqual([0]);
  });
});
