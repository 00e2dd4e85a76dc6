import type { DbOrTx } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { readRequestsLeft } from "./lead-allowance.repository";
import { addDays, currentMonthStart, type TariffTerms } from "./tariff-terms";
import {
  type AccountTariffRow,
  countProjectsCreatedSince,
  findAccountTariff,
  findJoinedAt,
  findTariff,
  findTrialTariff,
  hasEndedTariff,
  insertAccountTariff,
  type TariffRow,
} from "./tariffs.repository";

/**
 * The tariff an account holds (docs/money.md "Trial"): an account starts on the trial
 * tariff from its registration for `trialDays`; its row is made the first time it is read.
 */
export async function ensureAccountTariff(
  tx: DbOrTx,
  userId: number,
  terms: TariffTerms,
  lock = false,
): Promise<AccountTariffRow> {
  const found = await findAccountTariff(tx, userId, lock);
  if (found) return found;
  const trial = await findTrialTariff(tx);
  const joined = (await findJoinedAt(tx, userId)) ?? terms.now();
  await insertAccountTariff(tx, {
    userId,
    tariffId: trial.id,
    startedAt: joined,
    endsAt: addDays(joined, terms.trialDays),
    requestsGranted: trial.requestsPerMonth,
  });
  const made = await findAccountTariff(tx, userId, lock);
  if (!made) throw new Error(`account tariff of user ${userId} vanished`);
  return made;
}

export interface AccountTariffState {
  row: AccountTariffRow;
  tariff: TariffRow;
  isActive: boolean;
  projectsUsed: number;
  requestsLeft: number;
}

export async function readAccountTariffState(
  tx: DbOrTx,
  userId: number,
  terms: TariffTerms,
  lock = false,
): Promise<AccountTariffState> {
  const row = await ensureAccountTariff(tx, userId, terms, lock);
  const tariff = await findTariff(tx, row.tariffId);
  if (!tariff) throw new Error(`tariff ${row.tariffId} of user ${userId} is missing`);
  const now = terms.now();
  return {
    row,
    tariff,
    isActive: row.endsAt.getTime() > now.getTime(),
    projectsUsed: await countProjectsCreatedSince(
      tx,
      userId,
      currentMonthStart(row.startedAt, now),
    ),
    requestsLeft: await readRequestsLeft(tx, userId),
  };
}

/**
 * Before creating a project, in the creating transaction: the account's tariff row is
 * locked, so two concurrent creations cannot both take the last place. 403
 * `project_limit` beyond the month's allowance, 403 `tariff_expired` after the end.
 */
export async function assertProjectAllowed(
  tx: DbOrTx,
  userId: number,
  terms: TariffTerms,
): Promise<void> {
  const state = await readAccountTariffState(tx, userId, terms, true);
  if (!state.isActive) throw new AppError("tariff_expired");
  if (state.projectsUsed >= state.tariff.projectsPerMonth) throw new AppError("project_limit");
}

/** Whether the account's tariff has ended (publishing refused, quizzes hidden). */
export async function tariffHasEnded(
  db: DbOrTx,
  userId: number,
  terms: TariffTerms,
): Promise<boolean> {
  const row = await ensureAccountTariff(db, userId, terms);
  return row.endsAt.getTime() <= terms.now().getTime();
}

/**
 * Whether the account's tariff has ended, for the visitors' side: an account without a
 * tariff row has never created a project, so it has nothing published.
 */
export function tariffEndedFor(db: DbOrTx, userId: number, now = new Date()): Promise<boolean> {
  return hasEndedTariff(db, userId, now);
}
