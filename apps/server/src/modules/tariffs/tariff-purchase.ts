import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { readAccountTariffState } from "./account-tariff";
import { addRequests } from "./lead-allowance.repository";
import { postLedgerRow } from "./ledger";
import { addMonths, type TariffTerms } from "./tariff-terms";
import { findTariff, updateAccountTariff } from "./tariffs.repository";

/**
 * Buys a catalogue tariff with the main balance, in the caller's transaction (docs/money.md
 * "Tariffs"): debits the price and sets the tariff. While the current tariff runs, the new
 * period starts at its end; the requests left carry over and the new tariff's requests for
 * its period are added. 404 for an unknown or trial tariff, 400 `insufficient_funds`.
 */
export async function buyTariffWithBalance(
  tx: DbOrTx,
  userId: number,
  tariffId: number,
  terms: TariffTerms,
): Promise<void> {
  const tariff = await findTariff(tx, tariffId);
  if (!tariff || tariff.isTrial) throw new AppError("not_found");
  if (tariff.priceCents > 0) {
    await postLedgerRow(tx, {
      userId,
      purse: "main",
      kind: "tariff_purchase",
      cents: -tariff.priceCents,
      note: `tariff ${tariff.id}`,
    });
  }
  const state = await readAccountTariffState(tx, userId, terms, true);
  const now = terms.now();
  const granted = tariff.requestsPerMonth * tariff.periodMonths;
  const keepsStart = state.isActive && state.row.tariffId === tariff.id;
  // Added in one UPDATE: a lead released (opened, delivered) while this commits is not
  // given back. Deliveries waiting for requests go as soon as the delivery worker sees
  // the account has some (docs/delivery.md "Waiting for requests").
  const left = await addRequests(tx, userId, granted, state.isActive);
  await updateAccountTariff(tx, userId, {
    tariffId: tariff.id,
    startedAt: keepsStart ? state.row.startedAt : now,
    endsAt: addMonths(state.isActive ? state.row.endsAt : now, tariff.periodMonths),
    requestsGranted: left,
  });
}
