import type { DbOrTx } from "../../db/client";
import { requestsLeft, takeLeadRequests } from "../tariffs";
import { lockLiveLeads, markLeadsOpened } from "./lead-release.repository";

/** What a release did. */
export interface Release {
  /** The leads whose contacts may leave the product now: released before, or by this call. */
  released: number[];
  /** Of the leads asked for, those that are not the account's live leads (erased, foreign). */
  missing: number[];
  /** Requests this call took (one per lead it released). */
  taken: number;
  /** The account's requests left after. */
  requestsLeft: number;
}

/**
 * The one place where a lead's contacts are released (docs/leads.md "Allowance"): opening
 * it in the app, delivering it to any target, exporting it. Inside the caller's
 * transaction: the leads are locked (in id order), those not released yet take one request
 * each from the allowance, oldest first while requests last, and are marked opened. A lead
 * released before costs nothing, so however many deliveries, openings and exports of one
 * lead run at once, it is counted once: they queue on the lead's row lock and the later
 * ones see it opened. Leads racing for the last requests queue on the allowance row, so
 * exactly as many are released as requests were left. With `behindWaiting`, nothing is
 * taken while deliveries of the account wait for requests (they are older).
 */
export async function releaseLeadContacts(
  tx: DbOrTx,
  userId: number,
  ids: readonly number[],
  options: { behindWaiting?: boolean } = {},
): Promise<Release> {
  const rows = await lockLiveLeads(tx, userId, ids);
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.filter((id) => !found.has(id));
  const closed = rows.filter((r) => !r.isOpened).map((r) => r.id);
  if (closed.length === 0) {
    return {
      released: rows.map((r) => r.id),
      missing,
      taken: 0,
      requestsLeft: await requestsLeft(tx, userId),
    };
  }
  const { taken, left } = await takeLeadRequests(tx, userId, closed.length, options);
  const opened = new Set(closed.slice(0, taken));
  await markLeadsOpened(tx, [...opened]);
  return {
    released: rows.filter((r) => r.isOpened || opened.has(r.id)).map((r) => r.id),
    missing,
    taken,
    requestsLeft: left,
  };
}
