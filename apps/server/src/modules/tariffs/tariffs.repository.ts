import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { accountTariffs, projects, tariffs, users } from "../../db/schema";

export type TariffRow = typeof tariffs.$inferSelect;
export type AccountTariffRow = typeof accountTariffs.$inferSelect;

const catalogueOrder = [asc(tariffs.sort), asc(tariffs.priceCents), asc(tariffs.id)];

/** The tariffs on sale (the trial is never sold), in the operator's order, cheapest first. */
export function listTariffsOnSale(db: DbOrTx): Promise<TariffRow[]> {
  return db
    .select()
    .from(tariffs)
    .where(and(eq(tariffs.isTrial, false), eq(tariffs.onSale, true)))
    .orderBy(...catalogueOrder);
}

/** The whole catalogue, the trial and the tariffs off sale included (the operator's view). */
export function listAllTariffs(db: DbOrTx): Promise<TariffRow[]> {
  return db
    .select()
    .from(tariffs)
    .orderBy(...catalogueOrder);
}

export type TariffValues = Omit<typeof tariffs.$inferInsert, "id" | "isTrial">;

export async function insertTariff(db: DbOrTx, values: TariffValues): Promise<TariffRow> {
  const [row] = await db.insert(tariffs).values(values).returning();
  if (!row) throw new Error("insert into tariffs returned no row");
  return row;
}

export async function updateTariff(
  db: DbOrTx,
  id: number,
  values: Partial<TariffValues>,
): Promise<TariffRow | undefined> {
  if (Object.keys(values).length === 0) return findTariff(db, id);
  const [row] = await db.update(tariffs).set(values).where(eq(tariffs.id, id)).returning();
  return row;
}

export async function findTariff(db: DbOrTx, id: number): Promise<TariffRow | undefined> {
  const rows = await db.select().from(tariffs).where(eq(tariffs.id, id));
  return rows[0];
}

export async function findTrialTariff(db: DbOrTx): Promise<TariffRow> {
  const rows = await db.select().from(tariffs).where(eq(tariffs.isTrial, true)).limit(1);
  const trial = rows[0];
  if (!trial) throw new Error("the tariff catalogue has no trial tariff (its migration seeds one)");
  return trial;
}

export async function findJoinedAt(db: DbOrTx, userId: number): Promise<Date | undefined> {
  const rows = await db
    .select({ joined: users.dateJoined })
    .from(users)
    .where(eq(users.id, userId));
  return rows[0]?.joined;
}

/** The account's tariff row, locked for the transaction when `lock`. */
export async function findAccountTariff(
  db: DbOrTx,
  userId: number,
  lock = false,
): Promise<AccountTariffRow | undefined> {
  const query = db.select().from(accountTariffs).where(eq(accountTariffs.userId, userId));
  const rows = lock ? await query.for("update") : await query;
  return rows[0];
}

/** Makes the account's row when missing (a concurrent maker wins quietly). */
export async function insertAccountTariff(
  db: DbOrTx,
  row: Omit<AccountTariffRow, "updatedAt" | "remindedForEndsAt" | "remindedDaysLeft">,
): Promise<void> {
  await db.insert(accountTariffs).values(row).onConflictDoNothing();
}

export async function updateAccountTariff(
  db: DbOrTx,
  userId: number,
  set: Pick<AccountTariffRow, "tariffId" | "startedAt" | "endsAt" | "requestsGranted">,
): Promise<void> {
  await db
    .update(accountTariffs)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(accountTariffs.userId, userId));
}

/** Projects the account created since `since`, deleted ones included (deleting frees none). */
export async function countProjectsCreatedSince(
  db: DbOrTx,
  userId: number,
  since: Date,
): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .where(and(eq(projects.userId, userId), gte(projects.createdAt, since)));
  return Number(rows[0]?.n ?? 0);
}

/** Whether the account's tariff has ended (`ends_at` at or before `now`). */
export async function hasEndedTariff(db: DbOrTx, userId: number, now: Date): Promise<boolean> {
  const rows = await db
    .select({ endsAt: accountTariffs.endsAt })
    .from(accountTariffs)
    .where(eq(accountTariffs.userId, userId));
  const endsAt = rows[0]?.endsAt;
  return endsAt !== undefined && endsAt.getTime() <= now.getTime();
}

/** The account of an e-mail address (any letter case). */
export async function findUserIdByEmail(db: DbOrTx, email: string): Promise<number | undefined> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return rows[0]?.id;
}
