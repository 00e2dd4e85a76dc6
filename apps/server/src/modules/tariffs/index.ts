/**
 * The tariffs module's public face (docs/money.md): the catalogue and the account's
 * tariff, the ledger of balances, the limits other modules check (projects, publishing),
 * and the allowance of requests the leads module spends (docs/leads.md "Allowance").
 */
export {
  assertProjectAllowed,
  tariffEndedFor,
  tariffHasEnded,
} from "./account-tariff";
export {
  grantLeadRequests,
  requestsLeft,
  requestsLeftSql,
  spendLeadRequest,
  TRIAL_LEAD_REQUESTS,
} from "./lead-allowance";
export { type LedgerKind, type LedgerRow, type Purse, postLedgerRow } from "./ledger";
export { isOperatorKey, OPERATOR_KEY_HEADER, readOrCreateOperatorKey } from "./operator-key";
export { sendTariffReminders, type TariffRemindersDeps } from "./tariff-reminders";
export { type TariffTerms, tariffTerms } from "./tariff-terms";
export { createTariffsService, type TariffsService } from "./tariffs.service";
