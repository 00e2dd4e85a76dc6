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
import { findUserById } from "../accounts";
import { mediaPathOf } from "../media";
import { profileScore } from "./profile-score";
import { slugBase, slugCandidate } from "./profile-slug";
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
  slugTaken,
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

/**
 * The specialist profile, its portfolio and the rating (docs/profile-rating.md). Every write
 * runs in one transaction with the files it attaches and the profile's new score.
 */
export function createProfilesService(
  ctx: Pick<AppContext, "db">,
  now: () => Date = () => new Date(),
) {
  const { db } = ctx;

  /** A free slug for `base`, keeping `current` when it is already one of its candidates. */
  async function freeSlug(tx: DbOrTx, base: string, profileId: number, current?: string) {
    for (let n = 1; n < 1000; n++) {
      const candidate = slugCandidate(base, n);
      if (candidate === current) return candidate;
      if (!(await slugTaken(tx, candidate, profileId))) return candidate;
    }
    return `${base}-${profileId}`;
  }

  /** Recomputes one profile's score from its row and the account's activity. */
  async function rescore(tx: DbOrTx, row: ProfileRow): Promise<number> {
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
  async function ensureProfile(userId: number): Promise<ProfileRow> {
    const existing = await findProfileOfUser(db, userId);
    if (existing) return existing;
    const user = await findUserById(db, userId);
    if (!user) throw new AppError("token_not_valid");
    const base = slugBase(user.firstName, user.lastName);
    for (let n = 1; n < 1000; n++) {
      const slug = n < 100 ? slugCandidate(base, n) : `${base}-${userId}`;
      const row = await insertProfile(db, {
        userId,
        firstName: user.firstName.trim().slice(0, 150),
        lastName: user.lastName.trim().slice(0, 150),
        email: user.email,
        slug,
      });
      if (row) {
        const score = await rescore(db, row);
        return { ...row, score };
      }
      const raced = await findProfileOfUser(db, userId);
      if (raced) return raced;
      if (n >= 100) break;
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

  async function ownItem(userId: number, id: number): Promise<PortfolioRow> {
    const item = await findPortfolioItem(db, userId, id);
    if (!item) throw new AppError("not_found");
    return item;
  }

  return {
    ensureProfile,

    async get(userId: number): Promise<Profile> {
      return profileOf(await ensureProfile(userId));
    },

    async update(userId: number, body: ProfileUpdateBody, files: ReceivedFile[]) {
      const current = await ensureProfile(userId);
      return db.transaction(async (tx) => {
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
        for (const file of files) {
          const path = await attach(tx, userId, "profile", current.id, file);
          if (file.field === "avatar") changes.avatar = path;
          if (file.field === "certificate") changes.certificate = path;
        }
        // The slug follows the name until the profile is first public, then is frozen.
        if (current.firstPublicAt === null) {
          const base = slugBase(
            changes.firstName ?? current.firstName,
            changes.lastName ?? current.lastName,
          );
          changes.slug = await freeSlug(tx, base, current.id, current.slug);
          if (changes.isPublic) changes.firstPublicAt = now();
        }
        const row = await updateProfile(tx, current.id, changes);
        const score = await rescore(tx, row);
        return profileOf({ ...row, score });
      });
    },

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
        await rescore(tx, profile);
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
        if (profile) await rescore(tx, profile);
      });
    },

    /** A page of the rating in a scope, with the caller's own entry there. */
    async rating(
      userId: number,
      query: {
        scope: RatingScope;
        country?: string | undefined;
        city?: string | undefined;
        cursor?: string | undefined;
      },
    ): Promise<RatingPage> {
      const own = await findProfileOfUser(db, userId);
      let place: { country?: string; city?: string } = {};
      if (query.scope !== "world") {
        const country = query.country ?? own?.country ?? undefined;
        if (!country) throw new FieldErrors({ country: ["required"] });
        place = { country };
        if (query.scope === "city") {
          const city = query.city ?? (own?.city.trim() || undefined);
          if (!city) throw new FieldErrors({ city: ["required"] });
          place = { country, city };
        }
      }
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
      return {
        slug: row.slug,
        first_name: row.firstName,
        last_name: row.lastName,
        country: row.country,
        city: row.city,
        speciality: row.speciality,
        experience_years: row.experienceYears,
        languages: row.languages,
        avatar: row.avatar,
        certificate: row.certificate,
        score: row.score,
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
          const score = await rescore(db, row);
          profiles += 1;
          if (score !== row.score) changed += 1;
        }
        afterId = batch.at(-1)?.id ?? afterId;
      }
      return { profiles, changed };
    },
  };
}

export type ProfilesService = ReturnType<typeof createProfilesService>;
