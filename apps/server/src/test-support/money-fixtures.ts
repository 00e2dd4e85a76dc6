import type { Tariff, TariffInfo } from "@leadquiz/contract";
import { postLedgerRow } from "../modules/tariffs";
import { apiCall, expectCall, registerUser, type TestUser } from "./api-client";
import { apiPaths } from "./api-paths";
import { createTestAppWithDatabase, type TestAppWithDatabase } from "./test-app";

/** A test app with helpers for money: credit a balance, read the catalogue and tariff. */
export interface MoneyHarness {
  t: TestAppWithDatabase;
  register(): Promise<TestUser>;
  /** Credits `cents` to the user's main balance, as the operator would. */
  credit(user: TestUser, cents: number): Promise<void>;
  catalogue(user: TestUser): Promise<Tariff[]>;
  info(user: TestUser): Promise<TariffInfo>;
  buy(user: TestUser, tariff: number): ReturnType<typeof apiCall>;
  close(): Promise<void>;
}

export async function createMoneyHarness(env: Record<string, string> = {}): Promise<MoneyHarness> {
  const t = await createTestAppWithDatabase({ RATE_LIMIT_ENABLED: "false", ...env });
  return {
    t,
    register: () => registerUser(t),
    async credit(user, cents) {
      await t.database.db.transaction((tx) =>
        postLedgerRow(tx, { userId: user.id, purse: "main", kind: "operator_credit", cents }),
      );
    },
    catalogue: (user) => expectCall<Tariff[]>(t, 200, "GET", apiPaths.tariffs, { user }),
    info: (user) => expectCall<TariffInfo>(t, 200, "GET", apiPaths.tariffInfo, { user }),
    buy: (user, tariff) =>
      apiCall(t, "POST", apiPaths.buyTariffFromBalance, { user, body: { tariff } }),
    close: () => t.close(),
  };
}

/**
 * 50 purchases of the cheapest tariff at once by an account with money for exactly one:
 * answers the statuses and the account's tariff info afterwards.
 */
export async function racePurchases(h: MoneyHarness, attempts = 50) {
  const user = await h.register();
  const [cheapest] = await h.catalogue(user);
  if (!cheapest) throw new Error("the catalogue is empty");
  const price = Math.round(Number(cheapest.price) * 100);
  await h.credit(user, price);
  const answers = await Promise.all(
    Array.from({ length: attempts }, () => h.buy(user, cheapest.id)),
  );
  return { user, tariff: cheapest, statuses: answers.map((a) => a.statusCode), answers };
}
