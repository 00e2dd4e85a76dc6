import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createMoneyHarness,
  type MoneyHarness,
  racePurchases,
} from "../../test-support/money-fixtures";
import { findUnbalancedPurses } from "./ledger.repository";

/**
 * Spending on a real PostgreSQL server, where concurrent purchases run on separate
 * connections of the pool: the balance is never overdrawn (docs/money.md "Ledger").
 */

let h: MoneyHarness;
beforeAll(async () => {
  h = await createMoneyHarness();
  expect(h.t.database.kind).toBe("postgres");
});
afterAll(async () => {
  await h?.close();
});

describe("buy-tariff-from-balance/ on PostgreSQL", () => {
  it("lets exactly one of 50 simultaneous purchases through when the money covers one", async () => {
    const { user, tariff, statuses } = await racePurchases(h);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400)).toHaveLength(49);
    const info = await h.info(user);
    expect(info.balance).toBe("0.00");
    expect(info.tariff?.id).toBe(tariff.id);
    expect(await findUnbalancedPurses(h.t.database.db)).toEqual([]);
  });
});
