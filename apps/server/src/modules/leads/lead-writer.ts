import type { DbOrTx } from "../../db/client";
import { createGroupCommit, type GroupCommit } from "../../lib/group-commit";
import { type AlsoWrite, type LeadToStore, storeLeads } from "./leads.repository";

/**
 * The leads being stored at one time: one statement each, so a lead waits for at most
 * this many others' statements before its own goes (docs/leads.md "Storing a lead").
 */
export const LEAD_BATCHES_IN_FLIGHT = 2;
/** Leads in one statement at the most (a lead's JSON is a few KB). */
export const LEADS_PER_BATCH = 50;
/**
 * How long a lead may wait for a statement to take it: the pool's wait for a connection
 * (db/client.ts `connectionTimeoutMillis`). Past it the call fails as when the database is
 * unavailable (503), and the visitor's runtime sends the lead again (docs/leads.md).
 */
export const LEAD_MAX_WAIT_MS = 5_000;

export type LeadWriter = GroupCommit<LeadToStore, number | null>;

/**
 * Stores visitors' leads by group commit (lib/group-commit.ts): with no other lead being
 * stored a lead's statement goes at once; under load the leads that came meanwhile share
 * the next statement and its COMMIT. Each caller still gets its own lead's id (or null:
 * the submission_id was stored before) only after the COMMIT that holds it.
 */
export function createLeadWriter(
  db: DbOrTx,
  alsoWrite?: AlsoWrite,
  limits: { maxInFlight: number; maxBatch: number; maxWaitMs: number } = {
    maxInFlight: LEAD_BATCHES_IN_FLIGHT,
    maxBatch: LEADS_PER_BATCH,
    maxWaitMs: LEAD_MAX_WAIT_MS,
  },
): LeadWriter {
  return createGroupCommit<LeadToStore, number | null>({
    ...limits,
    write: (batch) => storeLeads(db, batch, alsoWrite),
    key: ({ lead }) => lead.submissionId.toLowerCase(),
  });
}
