import { and, eq, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { deliveries, integrations, leads } from "../../db/schema";

/**
 * SQL of the deliveries held until the owner lets their lead through (`held`: the lead came
 * over the per-address rate, docs/delivery.md "Held leads"). An account's deliveries are found
 * through its targets (`integrations_user_idx`), then `deliveries_held_idx`, which holds held
 * rows only.
 */

const HELD = "held";

function accountTargets(userId: number): SQL {
  return sql`${deliveries.integrationId} in (select ${integrations.id} from ${integrations}
    where ${integrations.userId} = ${userId})`;
}

/**
 * The held deliveries of the account (of one lead, or of every lead when `leadId` is null)
 * become due now, as a fresh run of tries (the retries count from now, not from when the
 * lead came). Each row turns from `held` to `pending` once: a second call, or one racing this
 * (it waits on the row locks and re-reads `status`), finds nothing held. From there the
 * delivery is any other (one per target, docs/delivery.md "Exactly once at the target").
 * Answers how many leads were let through.
 */
export async function letHeldDeliveriesThrough(
  tx: DbOrTx,
  userId: number,
  leadId: number | null,
  now: Date,
): Promise<number> {
  const rows = await tx
    .update(deliveries)
    .set({ status: "pending", nextAttemptAt: now, createdAt: now, lockedUntil: null })
    .where(
      and(
        eq(deliveries.status, HELD),
        accountTargets(userId),
        leadId === null ? undefined : eq(deliveries.leadId, leadId),
      ),
    )
    .returning({ leadId: deliveries.leadId });
  return new Set(rows.map((r) => r.leadId)).size;
}

/** How many live leads of the account have deliveries held. */
export async function heldLeadCount(db: DbOrTx, userId: number): Promise<number> {
  const result = await db.execute(sql`select count(distinct ${deliveries.leadId})::int as n
    from ${deliveries}
    where ${deliveries.status} = ${HELD} and ${accountTargets(userId)}
      and exists (select 1 from ${leads} where ${leads.id} = ${deliveries.leadId}
        and ${leads.erasedAt} is null)`);
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
}
