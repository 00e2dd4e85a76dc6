import type { Database, DbOrTx } from "../../db/client";
import { releaseLeadContacts } from "../lead-contacts";
import { deliveriesWaiting } from "../tariffs";
import {
  awaitingLeadIds,
  hasAwaiting,
  markAwaiting,
  resumeAwaiting,
  resumeAwaitingOfDisabled,
  skipAwaitingOfErased,
} from "./awaiting-deliveries.repository";

/**
 * Deliveries and the allowance (docs/delivery.md "Waiting for requests"): a lead's contacts
 * go to a target only once the lead is released, which takes one request the first time
 * (lead-contacts' `releaseLeadContacts`). With none left the delivery waits, is never
 * tried, never fails and never makes its target "failing"; once the account has requests
 * again (any purchase, whatever path) the worker releases the waiting leads oldest first.
 */

/** What a claimed delivery may do: be sent, wait for a request, or skip an erased lead. */
export type DeliveryGate = "send" | "awaiting" | "erased";

export interface ClaimedDelivery {
  id: number;
  userId: number;
  leadId: number;
}

/**
 * Releases the leads of claimed deliveries whose leads are not released yet, or makes the
 * deliveries wait: one transaction per account, its leads oldest first, so the requests
 * left go to the oldest leads of the claim. A delivery waits only in the transaction that
 * marks its account as having waiting deliveries; behind older waiting leads of the account
 * new ones wait too, so the waiting ones are released in order. Answers each delivery's gate.
 */
export async function releaseForDeliveries(
  db: Database,
  claimed: readonly ClaimedDelivery[],
): Promise<Map<number, DeliveryGate>> {
  const gates = new Map<number, DeliveryGate>();
  const byAccount = new Map<number, ClaimedDelivery[]>();
  for (const d of claimed) byAccount.set(d.userId, [...(byAccount.get(d.userId) ?? []), d]);
  for (const [userId, of] of byAccount) {
    await db.transaction(async (tx) => {
      const leadIds = [...new Set(of.map((d) => d.leadId))].sort((a, b) => a - b);
      const release = await releaseLeadContacts(tx, userId, leadIds, { behindWaiting: true });
      const released = new Set(release.released);
      const missing = new Set(release.missing);
      const waiting: number[] = [];
      for (const d of of) {
        const gate = missing.has(d.leadId)
          ? "erased"
          : released.has(d.leadId)
            ? "send"
            : "awaiting";
        gates.set(d.id, gate);
        if (gate === "awaiting") waiting.push(d.id);
      }
      if (waiting.length > 0) {
        await deliveriesWaiting.mark(tx, userId);
        await markAwaiting(tx, waiting);
      }
    });
  }
  return gates;
}

/**
 * In the transaction that released `leadIds` another way (an opening, an export): their
 * waiting deliveries go now, costing nothing more. Without this they would wait for the
 * account's next requests although their leads are paid for.
 */
export function resumeDeliveriesOfReleased(
  tx: DbOrTx,
  userId: number,
  leadIds: readonly number[],
): Promise<number> {
  return resumeAwaiting(tx, userId, leadIds, new Date());
}

/** Leads one transaction releases for an account's waiting deliveries. */
const RELEASE_BATCH = 200;
/** Accounts one look of the worker serves (the rest at the next look). */
const ACCOUNTS_PER_LOOK = 20;

/**
 * Releases the waiting deliveries of accounts that have requests again, oldest lead first,
 * as many leads as requests allow, and makes their deliveries due now. Several processes
 * may run it at once: they queue on the leads' and the allowance's row locks, and a lead
 * released by one is free for the other. Answers how many deliveries became due.
 */
export async function resumeAwaitingDeliveries(db: Database, now: Date): Promise<number> {
  let resumed = 0;
  for (const userId of await deliveriesWaiting.accountsToRelease(db, ACCOUNTS_PER_LOOK)) {
    resumed += await resumeAccount(db, userId, now);
  }
  return resumed;
}

async function resumeAccount(db: Database, userId: number, now: Date): Promise<number> {
  let resumed = 0;
  for (;;) {
    const step = await db.transaction(async (tx) => {
      await resumeAwaitingOfDisabled(tx, userId, now);
      const ids = await awaitingLeadIds(tx, userId, RELEASE_BATCH);
      if (ids.length === 0) {
        await deliveriesWaiting.clear(tx, userId, () => hasAwaiting(tx, userId));
        return { more: false, resumed: 0 };
      }
      const release = await releaseLeadContacts(tx, userId, ids);
      await skipAwaitingOfErased(tx, userId, release.missing, now);
      const due = await resumeAwaiting(tx, userId, release.released, now);
      // Every lead of the batch handled: look for more (or clear the mark); else the
      // requests ran out and the rest wait.
      const handled = release.released.length + release.missing.length === ids.length;
      return { more: handled, resumed: due };
    });
    resumed += step.resumed;
    if (!step.more) return resumed;
  }
}
