import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../lib/app-error";
import type { TestUser } from "../../test-support/api-client";
import { createMoneyHarness, type MoneyHarness } from "../../test-support/money-fixtures";
import { type LedgerKind, type Purse, postLedgerRow } from "./ledger";
import { findUnbalancedPurses, readBalance } from "./ledger.repository";

/**
 * Random sequences of credits, debits and transfers between purses, replayed on the real
 * database against a model: no balance ever goes below zero, a refused debit changes
 * nothing, and every cached balance equals the sum of its ledger rows (docs/money.md).
 */

type Operation =
  | { op: "credit"; who: number; purse: Purse; cents: number }
  | { op: "debit"; who: number; purse: Purse; cents: number }
  | { op: "transfer"; who: number; cents: number }
  | { op: "repeat"; who: number; cents: number; reference: string };

const purse = fc.constantFrom<Purse>("main", "referral");
const who = fc.integer({ min: 0, max: 2 });
const cents = fc.integer({ min: 1, max: 50_000 });
const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ op: fc.constant("credit" as const), who, purse, cents }),
  fc.record({ op: fc.constant("debit" as const), who, purse, cents }),
  fc.record({ op: fc.constant("transfer" as const), who, cents }),
  fc.record({
    op: fc.constant("repeat" as const),
    who,
    cents,
    reference: fc.constantFrom("pay-1", "pay-2", "pay-3"),
  }),
);

let h: MoneyHarness;
let users: TestUser[];
beforeAll(async () => {
  h = await createMoneyHarness();
  users = [await h.register(), await h.register(), await h.register()];
});
afterAll(async () => {
  await h?.close();
});

/** Runs one operation in its own transaction; false when the ledger refused it. */
async function apply(operation: Operation, run: number): Promise<boolean> {
  const userId = users[operation.who]?.id ?? 0;
  const row = (p: Purse, kind: LedgerKind, amount: number, reference?: string) => ({
    userId,
    purse: p,
    kind,
    cents: amount,
    reference,
  });
  try {
    await h.t.database.db.transaction(async (tx) => {
      switch (operation.op) {
        case "credit":
          await postLedgerRow(tx, row(operation.purse, "operator_credit", operation.cents));
          return;
        case "debit":
          await postLedgerRow(tx, row(operation.purse, "tariff_purchase", -operation.cents));
          return;
        case "transfer":
          await postLedgerRow(tx, row("referral", "transfer", -operation.cents));
          await postLedgerRow(tx, row("main", "transfer", operation.cents));
          return;
        case "repeat":
          await postLedgerRow(
            tx,
            row(
              "main",
              "top_up",
              operation.cents,
              `${run}-${operation.who}-${operation.reference}`,
            ),
          );
      }
    });
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === "insufficient_funds") return false;
    throw error;
  }
}

describe("the ledger under random operations", () => {
  it("never overdraws and always balances", async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 25 }), async (ops) => {
        run += 1;
        const before = await Promise.all(
          users.flatMap((u) => [
            readBalance(h.t.database.db, u.id, "main"),
            readBalance(h.t.database.db, u.id, "referral"),
          ]),
        );
        const model = [...before];
        const seen = new Set<string>();
        for (const op of ops) {
          const index = op.who * 2;
          const accepted = await apply(op, run);
          const main = model[index] ?? 0;
          const referral = model[index + 1] ?? 0;
          if (op.op === "credit") {
            if (op.purse === "main") model[index] = main + op.cents;
            else model[index + 1] = referral + op.cents;
          } else if (op.op === "debit") {
            const have = op.purse === "main" ? main : referral;
            expect(accepted).toBe(have >= op.cents);
            if (accepted) model[index + (op.purse === "main" ? 0 : 1)] = have - op.cents;
          } else if (op.op === "transfer") {
            expect(accepted).toBe(referral >= op.cents);
            if (accepted) {
              model[index] = main + op.cents;
              model[index + 1] = referral - op.cents;
            }
          } else {
            const key = `${op.who}-${op.reference}`;
            if (!seen.has(key)) model[index] = main + op.cents;
            seen.add(key);
          }
        }
        const after = await Promise.all(
          users.flatMap((u) => [
            readBalance(h.t.database.db, u.id, "main"),
            readBalance(h.t.database.db, u.id, "referral"),
          ]),
        );
        expect(after).toEqual(model);
        expect(after.every((b) => b >= 0)).toBe(true);
        expect(await findUnbalancedPurses(h.t.database.db)).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });
});
