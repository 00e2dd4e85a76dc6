import type { SQL } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import {
  readRequestsLeft,
  requestsLeftExpression,
  setRequestsLeft,
  spendOneRequest,
} from "./lead-allowance.repository";

/**
 * Requests an account gets before it buys a tariff (docs/leads.md "Allowance"): opening a
 * lead costs one. The tariffs work replaces the trial with the bought tariff's requests.
 */
export const TRIAL_LEAD_REQUESTS = 10;

/** The account's requests left (the trial allowance until it first opens a lead). */
export function requestsLeft(db: DbOrTx, userId: number): Promise<number> {
  return readRequestsLeft(db, userId, TRIAL_LEAD_REQUESTS);
}

/** `requestsLeft` as an SQL expression, to be read in the same statement as other rows. */
export function requestsLeftSql(userId: number): SQL<number> {
  return requestsLeftExpression(userId, TRIAL_LEAD_REQUESTS);
}

/**
 * Spends one request inside the caller's transaction; null when none is left (the caller
 * answers 403 `lead_limit` and rolls back).
 */
export function spendLeadRequest(tx: DbOrTx, userId: number): Promise<number | null> {
  return spendOneRequest(tx, userId, TRIAL_LEAD_REQUESTS);
}

/** Grants an account `left` requests (a bought tariff; the tests). */
export function grantLeadRequests(db: DbOrTx, userId: number, left: number): Promise<void> {
  return setRequestsLeft(db, userId, left);
}
