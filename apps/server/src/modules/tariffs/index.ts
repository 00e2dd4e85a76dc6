/**
 * The tariffs module's public face (docs/money.md): the catalogue and the account's
 * tariff, the ledger of balances, the limits other modules check (projects, publishing),
 * and the allowance of requests a lead's release takes (docs/leads.md "Allowance").
 */
export {
  assertProjectAllowed,
  tariffEndedFor,
  tariffHasEnded,
} from "./account-tariff";
export {
  deliveriesWaiting,
  grantLeadRequests,
  requestsLeft,
  requestsLeftSql,
  takeLeadRequests,
} from "./lead-allowance";
export { type LedgerKind, type LedgerRow, type Purse, postLedgerRow } from "./ledger";
export { isOperatorKey, OPERATOR_KEY_HEADER, readOrCreateOperatorKey } from "./operator-key";
export { sendTariffReminders, type TariffRemindersDeps } from "./tariff-reminders";
export { type TariffTerms, tariffTerms } from "./tariff-terms";
export { createTariffsService, type TariffsService } from "./tariffs.service";
