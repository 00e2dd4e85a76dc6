import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { applyToBalance, insertLedgerRow } from "./ledger.repository";
import type { LedgerRow } from "./ledger-row";

export type { LedgerKind, LedgerRow, Purse } from "./ledger-row";

/**
 * The ledger (docs/money.md "Ledger"): every change of a balance is one signed row in
 * cents, written in the caller's transaction together with its cause; the cached balance
 * moves in the same transaction and can never go below zero.
 */

export type PostResult =
  | { posted: true; id: number; balance: number }
  | { posted: false; duplicate: true };

/**
 * Posts one row inside the caller's transaction. A debit beyond the balance throws 400
 * `insufficient_funds` (the caller's transaction rolls back with it); a repeated reference
 * posts nothing and answers `duplicate`.
 */
export async function postLedgerRow(tx: DbOrTx, row: LedgerRow): Promise<PostResult> {
  if (!Number.isSafeInteger(row.cents) || row.cents === 0) {
    throw new RangeError(`ledger amount must be a non-zero integer of cents: ${row.cents}`);
  }
  const id = await insertLedgerRow(tx, row);
  if (id === null) return { posted: false, duplicate: true };
  const balance = await applyToBalance(tx, row.userId, row.purse, row.cents);
  if (balance === null) throw new AppError("insufficient_funds");
  return { posted: true, id, balance };
}
