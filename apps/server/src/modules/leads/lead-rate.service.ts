import type { LeadLetThroughResult, LeadOverRateSummary } from "@leadquiz/contract";
import type { Database } from "../../db/client";
import { AppError } from "../../lib/app-error";
import { heldLeadCount, letHeldDeliveriesThrough } from "../delivery";
import { findLeadRow } from "./lead-inbox.repository";
import { overRateCounts } from "./lead-rate.repository";

/** The days the leads screen's notice of over-rate and refused leads looks back. */
export const OVER_RATE_NOTICE_DAYS = 7;

/**
 * The owner's side of the leads over the per-address rate (docs/leads.md "Leads over the
 * per-address rate"): the leads screen's notice and letting held leads through.
 */
export function createLeadRateService(ctx: { db: Database }) {
  const { db } = ctx;
  return {
    async summary(userId: number): Promise<LeadOverRateSummary> {
      const days = OVER_RATE_NOTICE_DAYS;
      const [counts, held] = await Promise.all([
        overRateCounts(db, userId, days),
        heldLeadCount(db, userId),
      ]);
      return { ...counts, held, days };
    },

    /**
     * Lets one held lead (404 when not the caller's) or every held lead of the account
     * through to its deliveries, each held delivery once.
     */
    async letThrough(userId: number, leadId: number | undefined): Promise<LeadLetThroughResult> {
      if (leadId !== undefined && !(await findLeadRow(db, userId, leadId))) {
        throw new AppError("not_found");
      }
      const count = await db.transaction((tx) =>
        letHeldDeliveriesThrough(tx, userId, leadId ?? null, new Date()),
      );
      return { let_through: count };
    },
  };
}
