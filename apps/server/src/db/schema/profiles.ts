import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * A specialist profile: one per account (docs/profile-rating.md). Texts are plain text as
 * typed. `score` is the rating score, written by the daily job and on every save;
 * `first_public_at` freezes the slug (it follows the name until then).
 */
export const specialistProfiles = pgTable(
  "specialist_profiles",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    email: text("email").notNull().default(""),
    /** ISO 3166-1 alpha-2, upper case; null when not given. */
    country: text("country"),
    city: text("city").notNull().default(""),
    speciality: text("speciality").notNull().default(""),
    experienceYears: smallint("experience_years").notNull().default(0),
    /** ISO 639-1 codes. */
    languages: text("languages").array().notNull().default(sql`'{}'::text[]`),
    /** `/media/…` paths, null when none. */
    avatar: text("avatar"),
    certificate: text("certificate"),
    slug: text("slug").notNull(),
    isPublic: boolean("is_public").notNull().default(false),
    firstPublicAt: timestamp("first_public_at", { withTimezone: true }),
    score: integer("score").notNull().default(0),
    scoreComputedAt: timestamp("score_computed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("specialist_profiles_user_key").on(t.userId),
    uniqueIndex("specialist_profiles_slug_key").on(t.slug),
    // The rating's order (docs/profile-rating.md "Order"), over public profiles only.
    index("specialist_profiles_rating_idx")
      .on(t.score.desc(), t.createdAt, t.id)
      .where(sql`${t.isPublic}`),
    index("specialist_profiles_rating_place_idx")
      .on(t.country, sql`lower(${t.city})`)
      .where(sql`${t.isPublic}`),
    check("specialist_profiles_experience_check", sql`${t.experienceYears} between 0 and 70`),
    check("specialist_profiles_score_check", sql`${t.score} between 0 and 1000`),
    check("specialist_profiles_country_check", sql`${t.country} ~ '^[A-Z]{2}$'`),
  ],
);

/** A portfolio item of a profile; `file` is a `/media/…` path (an image or a PDF). */
export const portfolioItems = pgTable(
  "portfolio_items",
  {
    id: serial("id").primaryKey(),
    profileId: integer("profile_id")
      .notNull()
      .references(() => specialistProfiles.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    file: text("file"),
    fileKind: text("file_kind").$type<"image" | "pdf">(),
    workDone: text("work_done").notNull().default(""),
    results: text("results").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("portfolio_items_profile_idx").on(t.profileId, t.id),
    index("portfolio_items_user_idx").on(t.userId),
    check("portfolio_items_file_kind_check", sql`${t.fileKind} in ('image', 'pdf')`),
  ],
);
