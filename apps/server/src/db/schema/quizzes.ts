import type {
  Analytics,
  ContactForm,
  Design,
  FormulaError,
  ResultsSettings,
  StartPage,
} from "@leadquiz/contract";
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { projects } from "./projects";
import type { Stored } from "./stored-json";
import { users } from "./users";

/**
 * A quiz. `user_id` repeats the project's owner so that every owner check is one join
 * (child → quiz where user_id = caller and deleted_at is null); a quiz only moves between
 * projects of the same account. Deleting sets `deleted_at`; leads stay.
 */
export const quizzes = pgTable(
  "quizzes",
  {
    id: serial("id").primaryKey(),
    projectId: integer("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    /** Id of languagelist (uk 1, en 2, ru 3, pt 4, it 5, fr 6, pl 7, de 8). */
    language: integer("language").notNull().default(2),
    /** Id of currencylist. */
    currency: integer("currency").notNull().default(1),
    /** 128 random bits as 32 hex characters; the quiz's public address. */
    publicKey: text("public_key").notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    isPublished: boolean("is_published").notNull().default(false),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    /**
     * When the owner last hid or unpublished the quiz (`is_published` turned false); null
     * while shown. Leads of visitors served before keep arriving for a grace period after
     * it (docs/leads.md "Closed quizzes").
     */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    startPage: jsonb("start_page").$type<Stored<StartPage>>().notNull().default({}),
    design: jsonb("design").$type<Stored<Design>>().notNull().default({}),
    contactForm: jsonb("contact_form").$type<Stored<ContactForm>>().notNull().default({}),
    resultsSettings: jsonb("results_settings")
      .$type<Stored<Omit<ResultsSettings, "general_formula_valid" | "general_formula_errors">>>()
      .notNull()
      .default({}),
    /** The engine's verdict on `results_settings.general_formula` ([] = valid). */
    generalFormulaErrors: jsonb("general_formula_errors")
      .$type<FormulaError[]>()
      .notNull()
      .default([]),
    analytics: jsonb("analytics").$type<Stored<Analytics>>().notNull().default({}),
    /**
     * Bumped by every change of the quiz or its content (the services do it in the same
     * transaction). `published_draft_version` is the draft_version the latest snapshot was
     * taken from: has_unpublished_changes = published_draft_version is distinct from
     * draft_version.
     */
    draftVersion: integer("draft_version").notNull().default(1),
    publishedDraftVersion: integer("published_draft_version"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("quizzes_public_key_key").on(t.publicKey),
    index("quizzes_project_idx").on(t.projectId, t.id).where(sql`${t.deletedAt} is null`),
    index("quizzes_user_idx").on(t.userId, t.id).where(sql`${t.deletedAt} is null`),
  ],
);
