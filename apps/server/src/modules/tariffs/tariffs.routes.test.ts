import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTariffs } from "../../db/schema";
import { apiCall, type TestUser } from "../../test-support/api-client";
import { apiPaths } from "../../test-support/api-paths";
import {
  createMoneyHarness,
  type MoneyHarness,
  racePurchases,
} from "../../test-support/money-fixtures";
import { createPublishableQuiz } from "../../test-support/publication-fixtures";
import { createProject } from "../../test-support/quiz-fixtures";
import { findUnbalancedPurses } from "./ledger.repository";

let h: MoneyHarness;
beforeAll(async () => {
  h = await createMoneyHarness();
});
afterAll(async () => {
  await h?.close();
});

const DAY = 24 * 60 * 60 * 1000;

async function endTariff(user: TestUser) {
  await h.info(user);
  await h.t.database.db
    .update(accountTariffs)
    .set({ endsAt: new Date(Date.now() - 1000) })
    .where(eq(accountTariffs.userId, user.id));
}

describe("GET tariffs/ and tariffinfo/", () => {
  it("lists the catalogue without the trial, prices as decimal strings", async () => {
    const user = await h.register();
    const tariffs = await h.catalogue(user);
    expect(tariffs.length).toBeGreaterThanOrEqual(3);
    expect(tariffs[0]).toMatchObject({ title: "Start", price: "9.00", period_months: 1 });
    expect(tariffs.map((t) => t.title)).not.toContain("Trial");
  });

  it("starts a new account on a 14-day trial with zero balances", async () => {
    const user = await h.register();
    const info = await h.info(user);
    expect(info).toMatchObject({
      tariff: { title: "Trial", is_trial: true },
      is_active: true,
      projects_used: 0,
      requests_used: 0,
      requests_limit: 10,
      balance: "0.00",
      referral_balance: "0.00",
    });
    const days = (Date.parse(info.ends_at ?? "") - Date.now()) / DAY;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
  });

  it("answers 401 without a token", async () => {
    expect((await apiCall(h.t, "GET", apiPaths.tariffInfo)).statusCode).toBe(401);
  });
});

describe("POST buy-tariff-from-balance/", () => {
  it("refuses a purchase the balance does not cover, translated, and changes nothing", async () => {
    const user = await h.register();
    const [start] = await h.catalogue(user);
    await h.credit(user, 899);
    const answer = await h.buy(user, start?.id ?? 0);
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      detail: "Insufficient funds on balance",
      code: "insufficient_funds",
    });
    const ru = await apiCall(h.t, "POST", apiPaths.buyTariffFromBalance, {
      user,
      body: { tariff: start?.id },
      language: "ru",
    });
    expect(ru.json().detail).not.toBe("Insufficient funds on balance");
    expect(await h.info(user)).toMatchObject({ balance: "8.99", tariff: { title: "Trial" } });
  });

  it("debits the price, sets the tariff and its limits, and extends from the current end", async () => {
    const user = await h.register();
    const [start] = await h.catalogue(user);
    const trialEnd = Date.parse((await h.info(user)).ends_at ?? "");
    await h.credit(user, 2000);
    const first = await h.buy(user, start?.id ?? 0);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      tariff: { id: start?.id, title: "Start", is_trial: false },
      balance: "11.00",
      projects_limit: 5,
      requests_limit: 110,
      requests_used: 0,
    });
    const firstEnd = Date.parse(first.json().ends_at);
    expect((firstEnd - trialEnd) / DAY).toBeGreaterThanOrEqual(28);

    const second = await h.buy(user, start?.id ?? 0);
    expect(second.json().balance).toBe("2.00");
    const secondEnd = Date.parse(second.json().ends_at);
    expect((secondEnd - firstEnd) / DAY).toBeGreaterThanOrEqual(28);
    expect((secondEnd - firstEnd) / DAY).toBeLessThanOrEqual(31);
  });

  it("answers 404 for an unknown tariff and 400 for a malformed one", async () => {
    const user = await h.register();
    expect((await h.buy(user, 999_999)).statusCode).toBe(404);
    expect((await h.buy(user, -1)).statusCode).toBe(400);
  });

  it("lets exactly one of 50 simultaneous purchases through when the money covers one", async () => {
    const { user, statuses } = await racePurchases(h);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect((await h.info(user)).balance).toBe("0.00");
    expect(await findUnbalancedPurses(h.t.database.db)).toEqual([]);
  });
});

describe("limits", () => {
  it("refuses a project beyond the month's allowance with 403 project_limit", async () => {
    const user = await h.register();
    const [start] = await h.catalogue(user);
    await h.credit(user, 900);
    expect((await h.buy(user, start?.id ?? 0)).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) await createProject(h.t, user, { title: `P${i}` });
    const refused = await apiCall(h.t, "POST", apiPaths.projects, {
      user,
      body: { title: "One too many" },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("project_limit");
    expect((await h.info(user)).projects_used).toBe(5);
  });

  it("refuses publishing and hides quizzes once the tariff has ended; renewal restores", async () => {
    const user = await h.register();
    const quiz = await createPublishableQuiz(h.t, user);
    const publish = () =>
      apiCall(h.t, "POST", apiPaths.publicationQuiz, { user, body: { quiz: quiz.quiz } });
    expect((await publish()).statusCode).toBe(201);
    expect((await apiCall(h.t, "GET", apiPaths.publicQuiz(quiz.publicKey))).statusCode).toBe(200);
    await endTariff(user);
    const refused = await publish();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("tariff_expired");
    expect((await h.info(user)).is_active).toBe(false);
    // The end was written behind the API: the database announces it a moment after COMMIT
    // (docs/speed.md "Published quiz cache").
    await expect
      .poll(async () => (await apiCall(h.t, "GET", apiPaths.publicQuiz(quiz.publicKey))).statusCode)
      .toBe(404);

    const hide = await apiCall(h.t, "PUT", apiPaths.quizPublish(quiz.quiz), {
      user,
      body: { is_published: false },
    });
    expect(hide.statusCode).toBe(200);

    const [start] = await h.catalogue(user);
    await h.credit(user, 900);
    const renewed = await h.buy(user, start?.id ?? 0);
    expect(renewed.json().is_active).toBe(true);
    const days = (Date.parse(renewed.json().ends_at) - Date.now()) / DAY;
    expect(days).toBeGreaterThanOrEqual(27);
    const published = await publish();
    expect(published.statusCode, published.body).toBe(201);
    const back = await apiCall(h.t, "GET", apiPaths.publicQuiz(quiz.publicKey));
    expect(back.statusCode).toBe(200);
  });
});

describe("GET tarifflinks/", () => {
  const links = (user: TestUser, query: string) =>
    apiCall(h.t, "GET", `${apiPaths.tariffLinks}${query}`, { user });

  it("gives the manual provider's page for a top-up and for a tariff", async () => {
    const user = await h.register();
    const topUp = await links(user, "?amount=25");
    expect(topUp.statusCode, topUp.body).toBe(200);
    expect(topUp.json()).toEqual([
      { provider: 0, link: "http://localhost:3000/balance/pay/manual?amount=25.00" },
    ]);
    const [start] = await h.catalogue(user);
    const tariff = await links(user, `?provider=0&tariff=${start?.id}`);
    expect(tariff.json()[0].link).toBe(
      `http://localhost:3000/balance/pay/manual?amount=9.00&tariff=${start?.id}`,
    );
  });

  it("refuses a provider that is not configured, a zero amount and a missing one", async () => {
    const user = await h.register();
    const card = await links(user, "?provider=1&amount=10");
    expect(card.statusCode).toBe(400);
    expect(card.json()).toEqual({ provider: ["This payment method is not available"] });
    expect((await links(user, "?amount=0")).statusCode).toBe(400);
    const neither = await links(user, "");
    expect(neither.statusCode).toBe(400);
    expect(neither.json()).toEqual({ amount: ["Give either an amount or a tariff"] });
    expect((await links(user, "?tariff=999999")).statusCode).toBe(404);
  });
});
