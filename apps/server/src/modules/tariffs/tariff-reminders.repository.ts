import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { rowsOf } from "../../db/rows";

export interface DueReminder {
  userId: number;
  email: string;
  language: string;
  tariff: string;
  endsAt: Date;
  /** 3 (ends within three days) or 1 (ends within a day). */
  daysLeft: 1 | 3;
}

/**
 * Claims the reminders due at `now` (docs/money.md "Reminders") and returns them: tariffs
 * ending within three days get the 3-day one, within a day the 1-day one, each once per
 * `ends_at` (a renewal moves `ends_at`, so the next period is reminded again). The claim
 * and the answer are one UPDATE, so two processes never send the same reminder.
 */
export async function claimDueReminders(db: DbOrTx, now: Date): Promise<DueReminder[]> {
  const at = now.toISOString();
  const stage = sql`case when a.ends_at <= ${at}::timestamptz + interval '1 day' then 1 else 3 end`;
  const result = await db.execute(sql`
    update account_tariffs a
    set reminded_for_ends_at = a.ends_at, reminded_days_left = ${stage}
    from users u, tariffs t
    where u.id = a.user_id and t.id = a.tariff_id
      and a.ends_at > ${at}::timestamptz
      and a.ends_at <= ${at}::timestamptz + interval '3 days'
      and (a.reminded_for_ends_at is distinct from a.ends_at or a.reminded_days_left > ${stage})
    returning a.user_id, u.email, u.language_code, t.title, a.ends_at, a.reminded_days_left`);
  const rows = rowsOf<Record<string, unknown>>(result);
  return rows.map((row) => ({
    userId: Number(row.user_id),
    email: String(row.email),
    language: String(row.language_code),
    tariff: String(row.title),
    endsAt: new Date(String(row.ends_at)),
    daysLeft: Number(row.reminded_days_left) === 1 ? 1 : 3,
  }));
}
