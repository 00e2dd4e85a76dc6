import { execFile } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries } from "../../db/schema";
import { apiCall, type TestUser } from "../../test-support/api-client";
import { apiPaths } from "../../test-support/api-paths";
import { createMoneyHarness, type MoneyHarness } from "../../test-support/money-fixtures";
import { listenAsOwnerApp } from "../../test-support/test-app";
import { OPERATOR_KEY_FILE } from "./operator-key";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../../../../..");

let h: MoneyHarness;
let key: string;
beforeAll(async () => {
  h = await createMoneyHarness();
  key = readFileSync(path.join(h.t.dataDir, OPERATOR_KEY_FILE), "utf8").trim();
});
afterAll(async () => {
  await h?.close();
});

async function emailOf(user: TestUser): Promise<string> {
  const [info] = (await apiCall(h.t, "GET", apiPaths.userinfo, { user })).json();
  return info.email;
}

function credit(body: unknown, operatorKey = key) {
  return h.t.app.inject({
    method: "POST",
    url: `/api/v1${apiPaths.operatorCredit}`,
    headers: { "x-operator-key": operatorKey },
    payload: body as Record<string, unknown>,
  });
}

describe("POST operator/credit/", () => {
  it("keeps its key in DATA_DIR readable by the owner only", () => {
    expect(key.length).toBeGreaterThanOrEqual(32);
    expect(statSync(path.join(h.t.dataDir, OPERATOR_KEY_FILE)).mode & 0o077).toBe(0);
  });

  it("refuses a call without the operator's key and changes nothing", async () => {
    const user = await h.register();
    const email = await emailOf(user);
    const wrong = await credit({ email, amount: "10.00", reason: "test" }, "guess");
    expect(wrong.statusCode).toBe(403);
    expect((await h.info(user)).balance).toBe("0.00");
  });

  it("credits the balance with a ledger row carrying the reason", async () => {
    const user = await h.register();
    const email = await emailOf(user);
    const answer = await credit({ email: email.toUpperCase(), amount: "12.5", reason: "bank #42" });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ user: user.id, balance: "12.50" });
    expect((await h.info(user)).balance).toBe("12.50");
    const rows = await h.t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, user.id));
    expect(rows).toMatchObject([{ kind: "operator_credit", cents: 1250, note: "bank #42" }]);
  });

  it("answers per-field errors for an unknown e-mail and a bad amount", async () => {
    const unknown = await credit({ email: "nobody@example.com", amount: "1", reason: "x" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ email: ["No account has this e-mail address"] });
    const zero = await credit({ email: "nobody@example.com", amount: "0", reason: "x" });
    expect(zero.statusCode).toBe(400);
    expect(Object.keys(zero.json())).toEqual(["amount"]);
    const malformed = await credit({ email: "nobody@example.com", amount: "-5", reason: "x" });
    expect(malformed.statusCode).toBe(400);
  });
});

function operator(
  method: "GET" | "POST" | "PATCH",
  url: string,
  body?: unknown,
  operatorKey = key,
) {
  return h.t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { "x-operator-key": operatorKey },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

describe("the operator's tariff catalogue", () => {
  it("refuses every catalogue call without the operator's key", async () => {
    expect((await operator("GET", apiPaths.operatorTariffs, undefined, "guess")).statusCode).toBe(
      403,
    );
    const add = {
      title: "Sneaky",
      period_months: 1,
      projects_per_month: 1,
      requests_per_month: 1,
      price: "1",
    };
    expect((await operator("POST", apiPaths.operatorTariffs, add, "guess")).statusCode).toBe(403);
    const titles = (await operator("GET", apiPaths.operatorTariffs))
      .json()
      .map((t: { title: string }) => t.title);
    expect(titles).not.toContain("Sneaky");
  });

  it("adds a tariff that owners can then see and buy, and changes it for later purchases", async () => {
    const added = await operator("POST", apiPaths.operatorTariffs, {
      title: "Agency",
      period_months: 3,
      projects_per_month: 40,
      requests_per_month: 2000,
      price: "149.90",
    });
    expect(added.statusCode, added.body).toBe(201);
    const tariff = added.json();
    expect(tariff).toMatchObject({
      title: "Agency",
      price: "149.90",
      on_sale: true,
      is_trial: false,
    });

    const user = await h.register();
    const offered = (await apiCall(h.t, "GET", apiPaths.tariffs, { user })).json();
    expect(offered.map((t: { id: number }) => t.id)).toContain(tariff.id);

    const changed = await operator("PATCH", apiPaths.operatorTariff(tariff.id), { price: "99" });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ title: "Agency", price: "99.00", period_months: 3 });
    const again = (await apiCall(h.t, "GET", apiPaths.tariffs, { user })).json();
    expect(again.find((t: { id: number }) => t.id === tariff.id)?.price).toBe("99.00");
  });

  it("takes a tariff off sale: gone from tariffs/, not bought from the balance, still listed for the operator", async () => {
    const { id } = (
      await operator("POST", apiPaths.operatorTariffs, {
        title: "Old plan",
        period_months: 1,
        projects_per_month: 1,
        requests_per_month: 10,
        price: "5",
      })
    ).json();
    expect(
      (await operator("PATCH", apiPaths.operatorTariff(id), { on_sale: false })).statusCode,
    ).toBe(200);

    const user = await h.register();
    await credit({ email: await emailOf(user), amount: "50", reason: "test" });
    const offered = (await apiCall(h.t, "GET", apiPaths.tariffs, { user })).json();
    expect(offered.map((t: { id: number }) => t.id)).not.toContain(id);
    const bought = await apiCall(h.t, "POST", apiPaths.buyTariffFromBalance, {
      user,
      body: { tariff: id },
    });
    expect(bought.statusCode).toBe(404);
    expect((await h.info(user)).balance).toBe("50.00");
    const all = (await operator("GET", apiPaths.operatorTariffs)).json();
    expect(all.find((t: { id: number }) => t.id === id)).toMatchObject({ on_sale: false });
    expect(all.some((t: { is_trial: boolean }) => t.is_trial)).toBe(true);
  });

  it("answers bad values with the field's error and changes nothing", async () => {
    const before = (await operator("GET", apiPaths.operatorTariffs)).json();
    const [first] = before;
    const bad = await operator("PATCH", apiPaths.operatorTariff(first.id), {
      period_months: 37,
      price: "-1",
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json())).toEqual(expect.arrayContaining(["period_months", "price"]));
    expect((await operator("GET", apiPaths.operatorTariffs)).json()).toEqual(before);
    expect(
      (await operator("PATCH", apiPaths.operatorTariff(999_999), { sort: 1 })).statusCode,
    ).toBe(404);
  });
});

describe("npm run operator -- credit", () => {
  it("credits through the running server with the key from DATA_DIR", async () => {
    const user = await h.register();
    const email = await emailOf(user);
    const address = await listenAsOwnerApp(h.t.app);
    const { stdout } = await run(
      process.execPath,
      [
        "scripts/operator.mjs",
        "credit",
        email,
        "30.00",
        "--reason",
        "cash",
        "--url",
        address,
        "--data-dir",
        h.t.dataDir,
      ],
      { cwd: root },
    );
    expect(stdout).toContain("balance now 30.00");
    expect((await h.info(user)).balance).toBe("30.00");
  });
});

describe("npm run operator -- tariff", () => {
  it("adds, lists and takes a tariff off sale through the running server", async () => {
    const address = await listenAsOwnerApp(h.t.app);
    const operatorCli = async (...args: string[]) =>
      (
        await run(
          process.execPath,
          ["scripts/operator.mjs", ...args, "--url", address, "--data-dir", h.t.dataDir],
          { cwd: root },
        )
      ).stdout;
    const added = await operatorCli(
      "tariff",
      "add",
      "--title",
      "Studio",
      "--months",
      "12",
      "--projects",
      "15",
      "--requests",
      "900",
      "--price",
      "290",
    );
    const id = /#(\d+) Studio/.exec(added)?.[1];
    expect(added).toContain("Studio: 290.00 for 12 month(s), 15 projects and 900 requests a month");
    expect(await operatorCli("tariffs")).toContain(`#${id} Studio`);
    expect(await operatorCli("tariff", "set", id ?? "", "--on-sale", "false")).toContain(
      `#${id} Studio: 290.00 for 12 month(s)`,
    );
    expect(await operatorCli("tariffs")).toMatch(new RegExp(`#${id} Studio: .*off sale`));
    await expect(operatorCli("tariff", "set", id ?? "", "--months", "99")).rejects.toThrow(
      /Refused \(400\): period_months/,
    );
  });
});
