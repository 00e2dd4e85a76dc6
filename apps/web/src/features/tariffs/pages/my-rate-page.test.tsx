import type { Tariff, TariffInfo } from "@leadquiz/contract";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { testSession } from "../../../test/quiz-fixtures";
import { type FakeHandler, jsonResponse, renderApp, testOwner } from "../../../test/render-app";

const session = testSession();

/** The trial, running until 20 December 2026, with 100 projects a month and $40 on balance. */
const trial: TariffInfo = {
  tariff: { id: 1, title: "Trial", is_trial: true },
  ends_at: "2026-12-20T12:00:00Z",
  is_active: true,
  projects_used: 2,
  projects_limit: 100,
  requests_used: 3,
  requests_limit: 10,
  balance: "40.00",
  referral_balance: "0.00",
};

const start: Tariff = {
  id: 2,
  title: "Start",
  period_months: 1,
  projects_per_month: 5,
  requests_per_month: 100,
  price: "9.00",
  auto_detect: false,
};

const yearly: Tariff = {
  ...start,
  id: 5,
  title: "Business, 12 months",
  period_months: 12,
  price: "290.00",
};

function server(language = "en", info = trial): FakeHandler {
  return (request, path) => {
    if (path === "/userinfo/")
      return jsonResponse(200, [{ ...testOwner, language_code: language }]);
    if (path === "/tariffinfo/") return jsonResponse(200, info);
    if (path === "/tariffs/") return jsonResponse(200, [start, yearly]);
    if (path === "/buy-tariff-from-balance/" && request.method === "POST") {
      return jsonResponse(200, {
        ...trial,
        tariff: { id: 2, title: "Start", is_trial: false },
        ends_at: "2027-01-20T12:00:00Z",
        projects_limit: 5,
        balance: "31.00",
      });
    }
    return undefined;
  };
}

const buys = (requests: { method: string; path: string }[]) =>
  requests.filter((r) => r.method === "POST" && r.path === "/buy-tariff-from-balance/");

describe("/balance/my-rate: buying from the balance", { timeout: 40_000 }, () => {
  it("asks first, with the price, the balance after and the trial's limits that end", async () => {
    const { requests } = await renderApp({ url: "/balance/my-rate", session, handler: server() });
    const card = await screen.findByTestId("tariff-2");
    await userEvent.click(within(card).getByRole("button", { name: "Buy from balance" }));
    const dialog = await screen.findByRole("dialog", { name: "Buy Start?" });
    expect(dialog.textContent).toContain(
      "$9.00 is taken from your balance: $40.00 now, $31.00 after.",
    );
    const changes = within(dialog).getByTestId("buy-changes");
    expect(changes.textContent).toContain("It replaces “Trial” now; its 1 month is added");
    expect(within(changes).getByTestId("buy-limits-end").textContent).toBe(
      "The larger limit of “Trial” ends now: 100 projects a month become 5.",
    );
    expect(buys(requests)).toEqual([]);

    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(buys(requests)).toEqual([]);

    await userEvent.click(within(card).getByRole("button", { name: "Buy from balance" }));
    await userEvent.click(await screen.findByRole("button", { name: "Pay $9.00" }));
    expect(await screen.findByTestId("buy-done")).toBeTruthy();
    expect(buys(requests)).toHaveLength(1);
  });

  it("names the tariffs and asks in Russian and Ukrainian", async () => {
    for (const [language, names, text] of [
      [
        "ru",
        ["Старт", "Бизнес, 12 месяцев"],
        "Больший лимит тарифа «Пробный» закончится сейчас: вместо 100 проектов в месяц будет 5.",
      ],
      [
        "uk",
        ["Старт", "Бізнес, 12 місяців"],
        "Більший ліміт тарифу «Пробний» закінчиться зараз: замість 100 проєктів на місяць буде 5.",
      ],
    ] as const) {
      const view = await renderApp({ url: "/balance/my-rate", session, handler: server(language) });
      const card = await screen.findByTestId("tariff-2");
      expect(
        screen.getAllByRole("heading", { level: 4 }).map((heading) => heading.textContent),
      ).toEqual(names);
      await userEvent.click(within(card).getByRole("button"));
      const dialog = await screen.findByRole("dialog", {
        name: `${language === "ru" ? "Купить" : "Купити"} Старт?`,
      });
      expect(within(dialog).getByTestId("buy-limits-end").textContent).toBe(text);
      view.unmount();
    }
  });

  it("says what is missing, not a balance below zero, when the balance is short", async () => {
    await renderApp({
      url: "/balance/my-rate",
      session,
      handler: server("en", { ...trial, balance: "5.00" }),
    });
    const card = await screen.findByTestId("tariff-2");
    await userEvent.click(within(card).getByRole("button", { name: "Buy from balance" }));
    const dialog = await screen.findByRole("dialog", { name: "Buy Start?" });
    expect(dialog.textContent).toContain("The price is $9.00; your balance is $5.00.");
    expect(dialog.textContent).toContain("Your balance is $4.00 short of the price");
    expect(dialog.textContent).not.toContain("-$");
  });
});
