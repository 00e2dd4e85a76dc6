import { and, eq, gt, isNull } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { accountTickets } from "../../db/schema";

export type AccountTicketRow = typeof accountTickets.$inferSelect;
export type TicketPurpose = "verify_email" | "change_email" | "social_code" | "social_link";

export interface NewAccountTicket {
  userId: number;
  purpose: TicketPurpose;
  tokenHash: string;
  expiresAt: Date;
  email?: string;
  browserHash?: string | null;
  data?: Record<string, string>;
}

export async function insertAccountTicket(db: DbOrTx, row: NewAccountTicket): Promise<void> {
  await db.insert(accountTickets).values({
    userId: row.userId,
    purpose: row.purpose,
    tokenHash: row.tokenHash,
    expiresAt: row.expiresAt,
    email: row.email ?? "",
    browserHash: row.browserHash ?? null,
    data: row.data ?? {},
  });
}

/** The ticket with this hash and purpose if it is neither used nor expired. */
export async function findUsableAccountTicket(
  db: DbOrTx,
  purpose: TicketPurpose,
  tokenHash: string,
  now: Date,
): Promise<AccountTicketRow | undefined> {
  const rows = await db
    .select()
    .from(accountTickets)
    .where(
      and(
        eq(accountTickets.tokenHash, tokenHash),
        eq(accountTickets.purpose, purpose),
        isNull(accountTickets.usedAt),
        gt(accountTickets.expiresAt, now),
      ),
    )
    .limit(1);
  return rows[0];
}

/** Spends a ticket if still usable; false when a concurrent request spent it first. */
export async function markAccountTicketUsed(db: DbOrTx, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(accountTickets)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTickets.id, id),
        isNull(accountTickets.usedAt),
        gt(accountTickets.expiresAt, now),
      ),
    )
    .returning({ id: accountTickets.id });
  return rows.length === 1;
}

/** Retires every unused ticket of one purpose of a user (a newer one replaces them). */
export async function retireAccountTickets(
  db: DbOrTx,
  userId: number,
  purpose: TicketPurpose,
  now: Date,
): Promise<void> {
  await db
    .update(accountTickets)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTickets.userId, userId),
        eq(accountTickets.purpose, purpose),
        isNull(accountTickets.usedAt),
      ),
    );
}
