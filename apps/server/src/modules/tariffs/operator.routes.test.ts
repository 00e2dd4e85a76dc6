import { execFile } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { apiPaths } from "@leadquiz/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries } from "../../db/schema";
import { apiCall, type TestUser } from "../../test-support/api-client";
import { createMoneyHarness, type MoneyHarness } from "../../test-support/money-fixtures";
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

describe("npm run operator -- credit", () => {
  it("credits through the running server with the key from DATA_DIR", async () => {
    const user = await h.register();
    const email = await emailOf(user);
    const address = await h.t.app.listen({ port: 0, host: "127.0.0.1" });
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
