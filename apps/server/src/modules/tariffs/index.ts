/**
 * The tariffs module's public face: the account's allowance of requests (lead openings).
 * Only the allowance exists so far (docs/leads.md "Allowance").
 */
export {
  grantLeadRequests,
  requestsLeft,
  spendLeadRequest,
  TRIAL_LEAD_REQUESTS,
} from "./lead-allowance";
