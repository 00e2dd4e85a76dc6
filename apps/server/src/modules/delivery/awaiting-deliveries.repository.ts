import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { deliveries, integrations, leads } from "../../db/schema";

/**
 * SQL of the deliveries waiting for a request (`awaiting_requests`, docs/delivery.md
 * "Waiting for requests"). An account's deliveries are found through its targets
 * (`integrations_user_idx`), then `deliveries_awaiting_idx`, which holds waiting rows only.
 */

const AWAITING = "awaiting_requests";

function accountTargets(userId: number): SQL {
  return sql`${deliveries.integrationId} in (select ${integrations.id} from ${integrations}
    where ${integrations.userId} = ${userId})`;
}

/**
 * Claimed deliveries whose leads found no request: they wait, unclaimed. The claim counted a
 * try, which this was not, so the count is given back; nothing else of the row changes.
 */
export async function markAwaiting(tx: DbOrTx, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .update(deliveries)
    .set({
      status: AWAITING,
      lockedUntil: null,
      attempts: sql`greatest(${deliveries.attempts} - 1, 0)`,
    })
    .where(
      and(inArray(deliveries.id, [...ids]), inArray(deliveries.status, ["pending", "retrying"])),
    );
}

/** The account's leads with waiting deliveries, oldest first, at most `limit`. */
export async function awaitingLeadIds(tx: DbOrTx, userId: number, limit: number) {
  const rows = await tx
    .selectDistinct({ leadId: deliveries.leadId })
    .from(deliveries)
    .where(and(eq(deliveries.status, AWAITING), accountTargets(userId)))
    .orderBy(deliveries.leadId)
    .limit(limit);
  return rows.map((r) => r.leadId);
}

/**
 * The waiting deliveries of `leadIds` (of the account) are due now, as a fresh run of tries:
 * the three days of retries count from now, not from when the lead came. Answers how many.
 */
export async function resumeAwaiting(
  tx: DbOrTx,
  userId: number,
  leadIds: readonly number[],
  now: Date,
): Promise<number> {
  if (leadIds.length === 0) return 0;
  const rows = await tx
    .update(deliveries)
    .set({ status: "pending", nextAttemptAt: now, createdAt: now, lockedUntil: null })
    .where(
      and(
        eq(deliveries.status, AWAITING),
        accountTargets(userId),
        inArray(deliveries.leadId, [...leadIds]),
      ),
    )
    .returning({ id: deliveries.id });
  return rows.length;
}

/**
 * Waiting deliveries to targets the owner switched off are due at once, costing no request:
 * the worker closes them as `integration_disabled` like any queued delivery of a target
 * switched off (docs/delivery.md "Decisions").
 */
export async function resumeAwaitingOfDisabled(tx: DbOrTx, userId: number, now: Date) {
  await tx
    .update(deliveries)
    .set({ status: "pending", nextAttemptAt: now, lockedUntil: null })
    .where(
      and(
        eq(deliveries.status, AWAITING),
        sql`${deliveries.integrationId} in (select ${integrations.id} from ${integrations}
          where ${integrations.userId} = ${userId} and not ${integrations.isEnabled})`,
      ),
    );
}

/** Waiting deliveries of leads erased meanwhile: nothing is left to send (`lead_erased`). */
export async function skipAwaitingOfErased(
  tx: DbOrTx,
  userId: number,
  leadIds: readonly number[],
  now: Date,
): Promise<void> {
  if (leadIds.length === 0) return;
  await tx
    .update(deliveries)
    .set({ status: "skipped", lastError: "lead_erased", lastAttemptAt: now, lockedUntil: null })
    .where(
      and(
        eq(deliveries.status, AWAITING),
        accountTargets(userId),
        inArray(deliveries.leadId, [...leadIds]),
      ),
    );
}

/** Whether any delivery of the account waits for a request. */
export async function hasAwaiting(tx: DbOrTx, userId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.status, AWAITING), accountTargets(userId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * How many deliveries of the account wait for a request, as an SQL expression (a scalar
 * subquery the leads list reads in its own statement). Those of leads erased meanwhile are
 * not counted: they have nothing left to send (the worker closes them as `lead_erased`).
 */
export function awaitingCountSql(userId: number): SQL<number> {
  return sql<number>`(select count(*) from ${deliveries}
    where ${deliveries.status} = ${AWAITING} and ${accountTargets(userId)}
      and exists (select 1 from ${leads} where ${leads.id} = ${deliveries.leadId}
        and ${leads.erasedAt} is null))::int`.mapWith(Number);
}
