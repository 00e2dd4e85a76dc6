import { count, desc, eq, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { serviceReviews, supportRequests, users } from "../../db/schema";

export type SupportRequestRow = typeof supportRequests.$inferSelect;

export async function insertSupportRequest(
  db: DbOrTx,
  values: Pick<typeof supportRequests.$inferInsert, "userId" | "email" | "text">,
): Promise<SupportRequestRow> {
  const [row] = await db.insert(supportRequests).values(values).returning();
  if (!row) throw new Error("support request not inserted");
  return row;
}

/** A review with its author's names (for the display name). */
export interface ReviewRow {
  id: number;
  userId: number;
  rating: number;
  text: string;
  createdAt: Date;
  updatedAt: Date;
  firstName: string;
  lastName: string;
}

const reviewColumns = {
  id: serviceReviews.id,
  userId: serviceReviews.userId,
  rating: serviceReviews.rating,
  text: serviceReviews.text,
  createdAt: serviceReviews.createdAt,
  updatedAt: serviceReviews.updatedAt,
  firstName: users.firstName,
  lastName: users.lastName,
};

/** Reviews newest first (by id), those below `beforeId` when given; `limit` rows at most. */
export function listReviews(
  db: DbOrTx,
  beforeId: number | undefined,
  limit: number,
): Promise<ReviewRow[]> {
  return db
    .select(reviewColumns)
    .from(serviceReviews)
    .innerJoin(users, eq(users.id, serviceReviews.userId))
    .where(beforeId === undefined ? undefined : lt(serviceReviews.id, beforeId))
    .orderBy(desc(serviceReviews.id))
    .limit(limit);
}

export async function countReviews(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(serviceReviews);
  return Number(row?.n ?? 0);
}

export async function findReviewOfUser(db: DbOrTx, userId: number): Promise<ReviewRow | undefined> {
  const [row] = await db
    .select(reviewColumns)
    .from(serviceReviews)
    .innerJoin(users, eq(users.id, serviceReviews.userId))
    .where(eq(serviceReviews.userId, userId));
  return row;
}

/**
 * Makes the account's review or replaces its rating and text (one statement, so two
 * concurrent posts of one account leave one row); answers whether it was made now.
 */
export async function upsertReview(
  db: DbOrTx,
  userId: number,
  values: { rating: number; text: string },
  now: Date,
): Promise<{ id: number; created: boolean }> {
  const [row] = await db
    .insert(serviceReviews)
    .values({ userId, ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: serviceReviews.userId,
      set: { rating: values.rating, text: values.text, updatedAt: now },
    })
    // xmax is 0 on a row this statement inserted, set on one it updated.
    .returning({ id: serviceReviews.id, created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error("review not stored");
  return { id: row.id, created: row.created };
}
