import type { SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  clearDeliveriesWaiting,
  findAccountsToRelease,
  markDeliveriesWaiting,
  readRequestsLeft,
  requestsLeftExpression,
  setRequestsLeft,
  type Taken,
  takeRequests,
} from "./lead-allowance.repository";

/**
 * The allowance of requests (docs/leads.md "Allowance"): a lead's contacts leaving the
 * product by any path take one, once (the lead-contacts module's release). Before its first
 * release an account has what its trial granted; a bought tariff adds its requests.
 */

/** The account's requests left. */
export function requestsLeft(db: DbOrTx, userId: number): Promise<number> {
  return readRequestsLeft(db, userId);
}

/** `requestsLeft` as an SQL expression, to be read in the same statement as other rows. */
export function requestsLeftSql(userId: number): SQL<number> {
  return requestsLeftExpression(userId);
}

/**
 * Takes up to `wanted` requests in the caller's transaction, holding the account's
 * allowance row until it ends (see `takeRequests`). Call it after locking the leads it pays
 * for: every taker locks leads first, then this row, so none waits on another in a circle.
 */
export function takeLeadRequests(
  tx: DbOrTx,
  userId: number,
  wanted: number,
  options?: { behindWaiting?: boolean },
): Promise<Taken> {
  return takeRequests(tx, userId, wanted, options);
}

/** Sets an account's requests left (the tests). */
export function grantLeadRequests(db: DbOrTx, userId: number, left: number): Promise<void> {
  return setRequestsLeft(db, userId, left);
}

/** The waiting deliveries' mark on the account (docs/delivery.md "Waiting for requests"). */
export const deliveriesWaiting = {
  /** A delivery of the account starts waiting (after `takeLeadRequests` in the same transaction). */
  mark: markDeliveriesWaiting,
  /** Accounts whose waiting deliveries can go: marked, with a request left. */
  accountsToRelease: findAccountsToRelease,
  /** Clears the mark unless `stillWaiting`, asked under the account's row lock. */
  clear: clearDeliveriesWaiting,
};
