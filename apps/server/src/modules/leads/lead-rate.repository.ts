import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { leadRefusals, leads } from "../../db/schema";

/**
 * SQL of the leads over the per-address rate (docs/leads.md "Leads over the per-address
 * rate"): the refusals counted per quiz and UTC day, and the counts of the owner's notice.
 */

/** One more lead of `quizId` refused at an abuse-level rate today (one upsert). */
export async function countRefusal(db: DbOrTx, quizId: number, userId: number): Promise<void> {
  await db.execute(sql`insert into ${leadRefusals} (quiz_id, day, user_id, refused)
    values (${quizId}, (now() at time zone 'utc')::date, ${userId}, 1)
    on conflict (quiz_id, day) do update set refused = ${leadRefusals.refused} + 1`);
}

/**
 * The account's leads flagged `over_rate` (live, sent) and refused in the last `days` days
 * (today included), in one round trip: `leads_user_over_rate_idx` holds flagged leads only,
 * `lead_refusals_user_idx` the account's days.
 */
export async function overRateCounts(
  db: DbOrTx,
  userId: number,
  days: number,
): Promise<{ flagged: number; refused: number }> {
  const result = await db.execute(sql`select
    (select count(*) from ${leads} where ${leads.userId} = ${userId}
      and 'over_rate' = any(${leads.flags})
      and ${leads.createdAt} > now() - make_interval(days => ${days})
      and not ${leads.isPartial} and ${leads.erasedAt} is null)::int as flagged,
    (select coalesce(sum(${leadRefusals.refused}), 0) from ${leadRefusals}
      where ${leadRefusals.userId} = ${userId}
        and ${leadRefusals.day} > (now() at time zone 'utc')::date - ${days}::int)::int as refused`);
  const row = rowsOf<{ flagged: number | string; refused: number | string }>(result)[0];
  return { flagged: Number(row?.flagged ?? 0), refused: Number(row?.refused ?? 0) };
}
