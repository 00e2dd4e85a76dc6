import type { LeadRetention } from "@leadquiz/contract";
import type { Database } from "../../db/client";
import {
  accountsWithRetention,
  eraseLeadsCreatedBefore,
  findLeadRetention,
  setLeadRetention,
} from "./lead-retention.repository";

/** Leads erased per statement: each batch commits on its own, so a stop loses nothing. */
export const RETENTION_BATCH = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionRun {
  /** Accounts that have a retention set. */
  accounts: number;
  /** Leads erased by this run. */
  erased: number;
}

/**
 * The per-account lead retention (docs/leads.md "Retention"): the setting, and the run of
 * the daily job that erases (like `DELETE lead/{id}/`) every live lead older than its
 * account's retention. A run is idempotent: erased leads are never touched again, and a
 * second run right after the first erases nothing.
 */
export function createLeadRetentionService(ctx: { db: Database }) {
  const { db } = ctx;
  return {
    async get(userId: number): Promise<LeadRetention> {
      return { days: await findLeadRetention(db, userId) };
    },

    async set(userId: number, retention: LeadRetention): Promise<LeadRetention> {
      await setLeadRetention(db, userId, retention.days);
      return retention;
    },

    /** Erases the expired leads of every account, `batch` at a time. */
    async run(now = new Date(), batch = RETENTION_BATCH): Promise<RetentionRun> {
      const accounts = await accountsWithRetention(db);
      let erased = 0;
      for (const { userId, days } of accounts) {
        const cutoff = new Date(now.getTime() - days * DAY_MS);
        for (;;) {
          const count = await eraseLeadsCreatedBefore(db, userId, cutoff, batch);
          erased += count;
          if (count < batch) break;
        }
      }
      return { accounts: accounts.length, erased };
    },
  };
}
