/**
 * The leads module's public face: the leads service (a visitor's lead, checked and stored)
 * and the lead retention (its daily job's run, docs/leads.md "Retention").
 */
export { createLeadRetentionService, type RetentionRun } from "./lead-retention.service";
export { createLeadsService } from "./leads.service";
