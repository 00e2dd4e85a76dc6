import {
  PORTFOLIO_MAX_ITEMS,
  type PortfolioItem,
  type Profile,
  type PublicProfile,
  type portfolioCreateSchema,
  type portfolioUpdateSchema,
  type profileUpdateSchema,
  RATING_PAGE_SIZE,
  type RatingEntry,
  type RatingPage,
  type RatingScope,
} from "@leadquiz/contract";
import type { z } from "zod";
import type { AppContext } from "../../app-context";
import type { DbOrTx } from "../../db/client";
import { AppError, FieldErrors } from "../../lib/app-error";
import { isUniqueViolation } from "../../lib/database-errors";
import { findUserById } from "../accounts";
import { mediaPathOf } from "../media";
import { profileScore } from "./profile-score";
import { profileSlugBase, slugCandidate } from "./profile-slug";
import type { ReceivedFile } from "./profile-uploads";
import {
  activityOf,
  countPortfolio,
  countRanked,
  deletePortfolioItem,
  findPortfolioItem,
  findProfileOfUser,
  findPublicProfile,
  insertPortfolioItem,
  insertProfile,
  listPortfolio,
  type PortfolioRow,
  type ProfileChanges,
  type ProfileRow,
  profilesAfter,
  type RankedRow,
  rankedEntryOf,
  rankedPage,
  recordFile,
  setScore,
  takenSlugs,
  updatePortfolioItem,
  updateProfile,
} from "./profiles.repository";

type ProfileUpdateBody = z.output<typeof profileUpdateSchema>;
type PortfolioCreateBody = z.output<typeof portfolioCreateSchema>;
type PortfolioUpdateBody = z.output<typeof portfolioUpdateSchema>;

/** Leads of the last this many days count in the score (docs/profile-rating.md "Score"). */
export const RECENT_LEADS_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Profiles per batch of the daily recomputation. */
const RECOMPUTE_BATCH = 500;

function profileOf(row: ProfileRow): Profile {
  return {
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    country: row.country,
    city: row.city,
    speciality: row.speciality,
    experience_years: row.experienceYears,
    languages: row.languages,
    avatar: row.avatar,
    certificate: row.certificate,
    slug: row.slug,
    is_public: row.isPublic,
    score: row.score,
  };
}

export function portfolioItemOf(row: PortfolioRow): PortfolioItem {
  return {
    id: row.id,
    name: row.name,
    file: row.file,
    file_kind: row.fileKind ?? null,
    work_done: row.workDone,
    results: row.results,
    created_at: row.createdAt.toISOString(),
  };
}

function entryOf(row: RankedRow): RatingEntry {
  return {
    position: row.position,
    slug: row.slug,
    name: `${row.firstName} ${row.lastName}`.trim(),
    city: row.city,
    country: row.country,
    speciality: row.speciality,
    avatar: row.avatar,
    score: row.score,
  };
}

/** A cursor the contract accepted (≤ 10 digits) but beyond any position: the end. */
const MAX_POSITION = 2_147_483_647;

type Now = () => Date;

/** The first free slug of `base`'s family, keeping `current` when it is one of them. */
async function freeSlug(tx: DbOrTx, base: string, profileId: number, current?: string) {
  const taken = await takenSlugs(tx, base, profileId);
  for (let n = 1; ; n++) {
    const candidate = slugCandidate(base, n);
    if (candidate === current || !taken.has(candidate)) return candidate;
  }
}

/** Recomputes one profile's score from its row and the account's activity. */
async function rescore(tx: DbOrTx, now: Now, row: ProfileRow): Promise<number> {
  const at = now();
  const activity = await activityOf(
    tx,
    row.userId,
    row.id,
    new Date(at.getTime() - RECENT_LEADS_DAYS * DAY_MS),
  );
  const score = profileScore({ ...row, ...activity });
  await setScore(tx, row.id, score, at);
  return score;
}

/** The user's profile, made from the account on the first call (private, scored). */
async function ensureProfileOf(db: DbOrTx, now: Now, userId: number): Promise<ProfileRow> {
  const existing = await findProfileOfUser(db, userId);
  if (existing) return existing;
  const user = await findUserById(db, userId);
  if (!user) throw new AppError("token_not_valid");
  const base = profileSlugBase(user.firstName, user.lastName, userId);
  // A namesake may take the chosen slug meanwhile: then the next free one is tried.
  for (let attempt = 1; attempt <= 10; attempt++) {
    const row = await insertProfile(db, {
      userId,
      firstName: user.firstName.trim().slice(0, 150),
      lastName: user.lastName.trim().slice(0, 150),
      email: user.email,
      slug: await freeSlug(db, base, 0),
    });
    if (row) {
      const score = await rescore(db, now, row);
      return { ...row, score };
    }
    const raced = await findProfileOfUser(db, userId);
    if (raced) return raced;
  }
  throw new Error("no free slug for a new profile");
}

/** Points a file field at its upload and records the file, inside `tx`. */
async function attach(
  tx: DbOrTx,
  userId: number,
  entity: "profile" | "portfolio_item",
  entityId: number,
  file: ReceivedFile,
): Promise<string> {
  await recordFile(tx, {
    userId,
    entity,
    entityId,
    field: file.field,
    storageKey: file.key,
    contentType: file.type.contentType,
    size: file.size,
  });
  return mediaPathOf(file.key);
}

/** The profile's columns a save changes, from the fields of `body` (files apart). */
function profileChangesOf(body: ProfileUpdateBody): ProfileChanges {
  const changes: ProfileChanges = {};
  if (body.first_name !== undefined) changes.firstName = body.first_name;
  if (body.last_name !== undefined) changes.lastName = body.last_name;
  if (body.email !== undefined) changes.email = body.email;
  if (body.country !== undefined) changes.country = body.country;
  if (body.city !== undefined) changes.city = body.city;
  if (body.speciality !== undefined) changes.speciality = body.speciality;
  if (body.experience_years !== undefined) changes.experienceYears = body.experience_years;
  if (body.languages !== undefined) changes.languages = body.languages;
  if (body.avatar === null) changes.avatar = null;
  if (body.certificate === null) changes.certificate = null;
  if (body.is_public !== undefined) changes.isPublic = body.is_public;
  return changes;
}

interface ProfileSave {
  current: ProfileRow;
  userId: number;
  body: ProfileUpdateBody;
  files: ReceivedFile[];
}

/** One save of the profile: fields, files, slug and score in one transaction. */
function saveProfile(
  db: AppContext["db"],
  now: Now,
  { current, userId, body, files }: ProfileSave,
): Promise<Profile> {
  return db.transaction(async (tx) => {
    const changes = profileChangesOf(body);
    for (const file of files) {
      const path = await attach(tx, userId, "profile", current.id, file);
      if (file.field === "avatar") changes.avatar = path;
      if (file.field === "certificate") changes.certificate = path;
    }
    // The slug follows the name until the profile is first public, then is frozen.
    if (current.firstPublicAt === null) {
      const base = profileSlugBase(
        changes.firstName ?? current.firstName,
        changes.lastName ?? current.lastName,
        userId,
      );
      changes.slug = await freeSlug(tx, base, current.id, current.slug);
      if (changes.isPublic) changes.firstPublicAt = now();
    }
    const row = await updateProfile(tx, current.id, changes);
    const score = await rescore(tx, now, row);
    return profileOf({ ...row, score });
  });
}

interface RatingQuery {
  scope: RatingScope;
  country?: string | undefined;
  city?: string | undefined;
  cursor?: string | undefined;
}

/** The place a rating scope covers: the query's, else the caller's own (400 when neither). */
function ratingPlace(
  query: RatingQuery,
  own: ProfileRow | undefined,
): { country?: string; city?: string } {
  if (query.scope === "world") return {};
  const country = query.country ?? own?.country ?? undefined;
  if (!country) throw new FieldErrors({ country: ["required"] });
  if (query.scope !== "city") return { country };
  const city = query.city ?? (own?.city.trim() || undefined);
  if (!city) throw new FieldErrors({ city: ["required"] });
  return { country, city };
}

/** The portfolio of the caller's profile; each change rescored with the profile's files. */
function portfolioMethods(
  db: AppContext["db"],
  now: Now,
  ensureProfile: (userId: number) => Promise<ProfileRow>,
) {
  async function ownItem(userId: number, id: number): Promise<PortfolioRow> {
    const item = await findPortfolioItem(db, userId, id);
    if (!item) throw new AppError("not_found");
    return item;
  }

  return {
    async listPortfolio(userId: number): Promise<PortfolioItem[]> {
      const profile = await ensureProfile(userId);
      return (await listPortfolio(db, profile.id)).map(portfolioItemOf);
    },

    async createPortfolioItem(userId: number, body: PortfolioCreateBody, files: ReceivedFile[]) {
      const profile = await ensureProfile(userId);
      return db.transaction(async (tx) => {
        if ((await countPortfolio(tx, profile.id)) >= PORTFOLIO_MAX_ITEMS) {
          throw new FieldErrors({
            non_field_errors: [
              { key: "validation:portfolio_full", params: { max: PORTFOLIO_MAX_ITEMS } },
            ],
          });
        }
        let row = await insertPortfolioItem(tx, {
          profileId: profile.id,
          userId,
          name: body.name,
          workDone: body.work_done,
          results: body.results,
        });
        const file = files.find((received) => received.field === "file");
        if (file) {
          const path = await attach(tx, userId, "portfolio_item", row.id, file);
          row = await updatePortfolioItem(tx, row.id, {
            file: path,
            fileKind: file.type.kind === "document" ? "pdf" : "image",
          });
        }
        await rescore(tx, now, profile);
        return portfolioItemOf(row);
      });
    },

    async updatePortfolioItem(
      userId: number,
      id: number,
      body: PortfolioUpdateBody,
      files: ReceivedFile[],
    ) {
      await ownItem(userId, id);
      return db.transaction(async (tx) => {
        const changes: Parameters<typeof updatePortfolioItem>[2] = {};
        if (body.name !== undefined) changes.name = body.name;
        if (body.work_done !== undefined) changes.workDone = body.work_done;
        if (body.results !== undefined) changes.results = body.results;
        if (body.file === null) {
          changes.file = null;
          changes.fileKind = null;
        }
        const file = files.find((received) => received.field === "file");
        if (file) {
          changes.file = await attach(tx, userId, "portfolio_item", id, file);
          changes.fileKind = file.type.kind === "document" ? "pdf" : "image";
        }
        return portfolioItemOf(await updatePortfolioItem(tx, id, changes));
      });
    },

    async deletePortfolioItem(userId: number, id: number): Promise<void> {
      const item = await ownItem(userId, id);
      await db.transaction(async (tx) => {
        await deletePortfolioItem(tx, item.id);
        const profile = await findProfileOfUser(tx, userId);
        if (profile) await rescore(tx, now, profile);
      });
    },
  };
}

/** The rating, public profiles and the daily recomputation of scores. */
function ratingMethods(db: AppContext["db"], now: Now) {
  return {
    /** A page of the rating in a scope, with the caller's own entry there. */
    async rating(userId: number, query: RatingQuery): Promise<RatingPage> {
      const own = await findProfileOfUser(db, userId);
      const place = ratingPlace(query, own);
      const after = query.cursor === undefined ? 0 : Math.min(Number(query.cursor), MAX_POSITION);
      const found = await rankedPage(db, place, after, RATING_PAGE_SIZE + 1);
      const page = found.slice(0, RATING_PAGE_SIZE);
      const last = page.at(-1);
      const ownEntry = own?.isPublic ? await rankedEntryOf(db, place, userId) : undefined;
      return {
        scope: query.scope,
        country: place.country ?? null,
        city: place.city ?? null,
        count: await countRanked(db, place),
        next: found.length > RATING_PAGE_SIZE && last ? String(last.position) : null,
        results: page.map(entryOf),
        own: ownEntry ? entryOf(ownEntry) : null,
      };
    },

    /** A public profile by slug; 404 for a private or unknown one. */
    async publicProfile(slug: string): Promise<PublicProfile> {
      const row = await findPublicProfile(db, slug);
      if (!row) throw new AppError("not_found");
      const ranked = await rankedEntryOf(db, {}, row.userId);
      const portfolio = await listPortfolio(db, row.id);
      const { email: _email, is_public: _isPublic, ...shown } = profileOf(row);
      return {
        ...shown,
        position: ranked?.position ?? 1,
        portfolio: portfolio.map(portfolioItemOf),
      };
    },

    /**
     * Recomputes every profile's score (the daily job; docs/profile-rating.md "Job"), in
     * batches by id; each profile on its own, so a long run never holds a lock for long.
     */
    async recomputeAll(): Promise<{ profiles: number; changed: number }> {
      let afterId = 0;
      let profiles = 0;
      let changed = 0;
      for (;;) {
        const batch = await profilesAfter(db, afterId, RECOMPUTE_BATCH);
        if (batch.length === 0) break;
        for (const row of batch) {
          const score = await rescore(db, now, row);
          profiles += 1;
          if (score !== row.score) changed += 1;
        }
        afterId = batch.at(-1)?.id ?? afterId;
      }
      return { profiles, changed };
    },
  };
}

/**
 * The specialist profile, its portfolio and the rating (docs/profile-rating.md). Every write
 * runs in one transaction with the files it attaches and the profile's new score.
 */
export function createProfilesService(
  ctx: Pick<AppContext, "db">,
  now: () => Date = () => new Date(),
) {
  const { db } = ctx;

  /** The user's profile, made from the account on the first call (private, scored). */
  const ensureProfile = (userId: number): Promise<ProfileRow> => ensureProfileOf(db, now, userId);

  return {
    ensureProfile,

    async get(userId: number): Promise<Profile> {
      return profileOf(await ensureProfile(userId));
    },

    async update(userId: number, body: ProfileUpdateBody, files: ReceivedFile[]) {
      const current = await ensureProfile(userId);
      // Namesakes saving at the same moment may pick the same free slug: a loser's
      // transaction fails on the unique slug and runs again, finding the next free one
      // (each round one of them wins, so n namesakes need at most n rounds).
      for (let attempt = 1; ; attempt++) {
        try {
          return await saveProfile(db, now, { current, userId, body, files });
        } catch (error) {
          if (attempt >= 10 || !isUniqueViolation(error, "specialist_profiles_slug_key"))
            throw error;
        }
      }
    },

    ...portfolioMethods(db, now, ensureProfile),
    ...ratingMethods(db, now),
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
