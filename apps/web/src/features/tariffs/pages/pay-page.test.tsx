import type { TariffInfo } from "@leadquiz/contract";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { jsonResponse, renderApp, testJwt, testOwner as user } from "../../../test/render-app";

const session = { access: testJwt(600) };

/** A trial with $12.50 on the balance. */
const tariffInfo: TariffInfo = {
  tariff: { id: 1, title: "Trial", is_trial: true },
  ends_at: "2026-12-20T12:00:00Z",
  is_active: true,
  projects_used: 0,
  projects_limit: 100,
  requests_used: 0,
  requests_limit: 10,
  balance: "12.50",
  referral_balance: "0.00",
};

function payPage(providers: number[], url = "/balance/pay") {
  const asked: URLSearchParams[] = [];
  const rendered = renderApp({
    url,
    session,
    handler: (request, path) => {
      if (path === "/userinfo/") return jsonResponse(200, [user]);
      if (path === "/payment-providers/") return jsonResponse(200, { providers });
      if (path === "/tariffinfo/") return jsonResponse(200, tariffInfo);
      if (path === "/tarifflinks/") {
        const query = new URL(request.url).searchParams;
        asked.push(query);
        const provider = Number(query.get("provider") ?? providers[0]);
        return jsonResponse(200, [
          { link: `/balance/pay/manual?amount=${query.get("amount")}`, provider },
        ]);
      }
      return undefined;
    },
  });
  return { rendered, asked };
}

describe("/balance/pay", { timeout: 40_000 }, () => {
  it("lets the owner choose PayPal when card and PayPal are offered", async () => {
    const { rendered, asked } = payPage([1, 14]);
    await rendered;
    const paypal = await screen.findByLabelText("PayPal", {}, { timeout: 10_000 });
    // What there is before topping up.
    expect((await screen.findByTestId("balance")).textContent).toBe("Balance: $12.50");
    expect(screen.getByLabelText("Card")).toHaveProperty("checked", true);
    await userEvent.click(paypal);
    await userEvent.type(screen.getByLabelText("Amount, USD"), "25");
    await userEvent.click(screen.getByTestId("pay-submit"));
    await waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]?.get("provider")).toBe("14");
    expect(asked[0]?.get("amount")).toBe("25");
  });

  it("shows no choice with one provider and says when a payment was cancelled", async () => {
    const { rendered } = payPage([0], "/balance/pay?payment=cancelled");
    await rendered;
    expect(await screen.findByTestId("payment-not-made")).toHaveProperty(
      "textContent",
      "The payment was cancelled; nothing was charged.",
    );
    expect(screen.queryByRole("radio")).toBeNull();
  });

  it("says online payment is not connected only when paying the operator is the one way", async () => {
    const manualPage = "/balance/pay/manual?amount=9.00";
    const only = payPage([0], manualPage);
    await only.rendered;
    const page = await screen.findByTestId("manual-payment", {}, { timeout: 10_000 });
    await waitFor(() =>
      expect(page.textContent).toContain("Online payment is not connected on this server."),
    );
    expect(page.textContent).toContain("Send 9.00 USD to the service operator");
    (await only.rendered).unmount();

    const beside = payPage([1, 0], manualPage);
    await beside.rendered;
    const other = await screen.findByTestId("manual-payment", {}, { timeout: 10_000 });
    await waitFor(() => expect(other.textContent).toContain("Send 9.00 USD"));
    expect(other.textContent).not.toContain("not connected");
  });

  it("shows the balance in Russian and Ukrainian too", async () => {
    for (const [language, text] of [
      ["ru", /^Баланс: 12,50\s\$$/],
      // Ukrainian writes the currency's code after the amount.
      ["uk", /^Баланс: 12,50\sUSD$/],
    ] as const) {
      const view = await renderApp({
        url: "/balance/pay",
        session,
        handler: (_request, path) => {
          if (path === "/userinfo/")
            return jsonResponse(200, [{ ...user, language_code: language }]);
          if (path === "/tariffinfo/") return jsonResponse(200, tariffInfo);
          return undefined;
        },
      });
      expect((await screen.findByTestId("balance")).textContent).toMatch(text);
      view.unmount();
    }
  });
});
