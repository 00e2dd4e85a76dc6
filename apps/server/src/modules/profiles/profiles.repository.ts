import { and, asc, count, eq, gt, type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { queryRows } from "../../db/rows";
import { leads, portfolioItems, quizzes, specialistProfiles, storedFiles } from "../../db/schema";

export type ProfileRow = typeof specialistProfiles.$inferSelect;
export type PortfolioRow = typeof portfolioItems.$inferSelect;
export type ProfileChanges = Partial<
  Omit<typeof specialistProfiles.$inferInsert, "id" | "userId" | "createdAt">
>;

export async function findProfileOfUser(db: DbOrTx, userId: number) {
  const [row] = await db
    .select()
    .from(specialistProfiles)
    .where(eq(specialistProfiles.userId, userId));
  return row;
}

/** The profile of a slug when it is public; undefined for a private or unknown one. */
export async function findPublicProfile(db: DbOrTx, slug: string) {
  const [row] = await db
    .select()
    .from(specialistProfiles)
    .where(and(eq(specialistProfiles.slug, slug), eq(specialistProfiles.isPublic, true)));
  return row;
}

/**
 * The slugs of `base`'s family (`base`, `base-2`, `base-3`, …) that profiles other than
 * `exceptId` hold: one query, however many namesakes there are.
 */
export async function takenSlugs(db: DbOrTx, base: string, exceptId: number): Promise<Set<string>> {
  const rows = await db
    .select({ slug: specialistProfiles.slug })
    .from(specialistProfiles)
    .where(
      and(
        sql`(${specialistProfiles.slug} = ${base} or ${specialistProfiles.slug} like ${`${base}-%`})`,
        sql`${specialistProfiles.id} <> ${exceptId}`,
      ),
    );
  return new Set(rows.map((row) => row.slug));
}

/**
 * Inserts the user's profile; undefined when a unique key (the user's, or the slug) is
 * already held: the caller reads the user's profile again or tries another slug.
 */
export async function insertProfile(
  db: DbOrTx,
  values: typeof specialistProfiles.$inferInsert,
): Promise<ProfileRow | undefined> {
  const [row] = await db
    .insert(specialistProfiles)
    .values(values)
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateProfile(
  db: DbOrTx,
  id: number,
  changes: ProfileChanges,
): Promise<ProfileRow> {
  const [row] = await db
    .update(specialistProfiles)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(specialistProfiles.id, id))
    .returning();
  if (!row) throw new Error("profile vanished");
  return row;
}

export async function setScore(db: DbOrTx, id: number, score: number, at: Date): Promise<void> {
  await db
    .update(specialistProfiles)
    .set({ score, scoreComputedAt: at })
    .where(eq(specialistProfiles.id, id));
}

/** Profiles by id from `afterId` on (the daily job's batches). */
export function profilesAfter(db: DbOrTx, afterId: number, limit: number): Promise<ProfileRow[]> {
  return db
    .select()
    .from(specialistProfiles)
    .where(gt(specialistProfiles.id, afterId))
    .orderBy(asc(specialistProfiles.id))
    .limit(limit);
}

/** What the product knows of an account for the score (docs/profile-rating.md "Score"). */
export async function activityOf(
  db: DbOrTx,
  userId: number,
  profileId: number,
  leadsSince: Date,
): Promise<{ publishedQuizzes: number; recentLeads: number; portfolioItems: number }> {
  const [quizRow] = await db
    .select({ n: count() })
    .from(quizzes)
    .where(
      and(
        eq(quizzes.userId, userId),
        eq(quizzes.isPublished, true),
        sql`${quizzes.deletedAt} is null`,
      ),
    );
  const [leadRow] = await db
    .select({ n: count() })
    .from(leads)
    .where(
      and(
        eq(leads.userId, userId),
        eq(leads.isPartial, false),
        sql`${leads.createdAt} >= ${leadsSince.toISOString()}::timestamptz`,
      ),
    );
  const [itemRow] = await db
    .select({ n: count() })
    .from(portfolioItems)
    .where(eq(portfolioItems.profileId, profileId));
  return {
    publishedQuizzes: Number(quizRow?.n ?? 0),
    recentLeads: Number(leadRow?.n ?? 0),
    portfolioItems: Number(itemRow?.n ?? 0),
  };
}

export function listPortfolio(db: DbOrTx, profileId: number): Promise<PortfolioRow[]> {
  return db
    .select()
    .from(portfolioItems)
    .where(eq(portfolioItems.profileId, profileId))
    .orderBy(asc(portfolioItems.id));
}

export async function countPortfolio(db: DbOrTx, profileId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(portfolioItems)
    .where(eq(portfolioItems.profileId, profileId));
  return Number(row?.n ?? 0);
}

/** The user's item; undefined for another account's or an unknown one. */
export async function findPortfolioItem(db: DbOrTx, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(portfolioItems)
    .where(and(eq(portfolioItems.id, id), eq(portfolioItems.userId, userId)));
  return row;
}

export async function insertPortfolioItem(
  db: DbOrTx,
  values: typeof portfolioItems.$inferInsert,
): Promise<PortfolioRow> {
  const [row] = await db.insert(portfolioItems).values(values).returning();
  if (!row) throw new Error("portfolio item not inserted");
  return row;
}

export async function updatePortfolioItem(
  db: DbOrTx,
  id: number,
  changes: Partial<Pick<PortfolioRow, "name" | "file" | "fileKind" | "workDone" | "results">>,
): Promise<PortfolioRow> {
  const [row] = await db
    .update(portfolioItems)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(portfolioItems.id, id))
    .returning();
  if (!row) throw new Error("portfolio item vanished");
  return row;
}

export async function deletePortfolioItem(db: DbOrTx, id: number): Promise<void> {
  await db.delete(portfolioItems).where(eq(portfolioItems.id, id));
}

/** Records an uploaded profile or portfolio file (served at /media/, swept when unused). */
export async function recordFile(
  db: DbOrTx,
  file: {
    userId: number;
    entity: "profile" | "portfolio_item";
    entityId: number;
    field: string;
    storageKey: string;
    contentType: string;
    size: number;
  },
): Promise<void> {
  await db.insert(storedFiles).values({ ...file, quizId: null });
}

/** A ranked profile as the rating lists it. */
export interface RankedRow {
  position: number;
  userId: number;
  slug: string;
  firstName: string;
  lastName: string;
  city: string;
  country: string | null;
  speciality: string;
  avatar: string | null;
  score: number;
}

/** The public profiles of a scope (country and/or city; lower-case city match). */
function scopeFilter(place: { country?: string | undefined; city?: string | undefined }): SQL {
  const parts: SQL[] = [sql`is_public`];
  if (place.country !== undefined) parts.push(sql`country = ${place.country}`);
  if (place.city !== undefined) parts.push(sql`lower(city) = lower(${place.city})`);
  return sql.join(parts, sql` and `);
}

/**
 * The scope's profiles numbered by the rating's order (docs/profile-rating.md "Order"):
 * score desc, then the earlier profile, then the lower id. One window over the scope.
 */
function ranked(place: { country?: string | undefined; city?: string | undefined }): SQL {
  return sql`(select user_id, slug, first_name, last_name, city, country, speciality, avatar,
      score, row_number() over (order by score desc, created_at, id) as position
    from specialist_profiles where ${scopeFilter(place)}) ranked`;
}

function rankedOf(row: Record<string, unknown>): RankedRow {
  return {
    position: Number(row.position),
    userId: Number(row.user_id),
    slug: String(row.slug),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    city: String(row.city),
    country: row.country === null ? null : String(row.country),
    speciality: String(row.speciality),
    avatar: row.avatar === null ? null : String(row.avatar),
    score: Number(row.score),
  };
}

/** A page of a scope: positions after `afterPosition`, `limit` at most. */
export async function rankedPage(
  db: DbOrTx,
  place: { country?: string | undefined; city?: string | undefined },
  afterPosition: number,
  limit: number,
): Promise<RankedRow[]> {
  const found = await queryRows<Record<string, unknown>>(
    db,
    sql`select * from ${ranked(place)} where position > ${afterPosition}
      order by position limit ${limit}`,
  );
  return found.map(rankedOf);
}

/** The user's entry in a scope, undefined when not ranked there. */
export async function rankedEntryOf(
  db: DbOrTx,
  place: { country?: string | undefined; city?: string | undefined },
  userId: number,
): Promise<RankedRow | undefined> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select * from ${ranked(place)} where user_id = ${userId}`,
  );
  return row ? rankedOf(row) : undefined;
}

export async function countRanked(
  db: DbOrTx,
  place: { country?: string | undefined; city?: string | undefined },
): Promise<number> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select count(*) as n from specialist_profiles where ${scopeFilter(place)}`,
  );
  return Number(row?.n ?? 0);
}
