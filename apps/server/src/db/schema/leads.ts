import type { LeadFlag, LeadStatus } from "@leadquiz/contract";
import { LeadSource } from "@leadquiz/contract/codes";
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { quizzes } from "./quizzes";
import { users } from "./users";

/** A visitor session (`POST client-sessions/`), for the funnel; no account. */
export const visitorSessions = pgTable(
  "visitor_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    utm: jsonb("utm").$type<Record<string, string>>().notNull().default({}),
    referrer: text("referrer").notNull().default(""),
    pageUrl: text("page_url").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("visitor_sessions_quiz_idx").on(t.quizId, t.createdAt)],
);

/**
 * Funnel events: view, start, reach (a question shown) and answer (both with the
 * question), contacts, result. Append-only; the reports read their roll-up
 * (`analytics_daily`, docs/analytics.md).
 */
export const quizEvents = pgTable(
  "quiz_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id").references(() => visitorSessions.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    questionId: integer("question_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("quiz_events_quiz_idx").on(t.quizId, t.type, t.createdAt),
    check(
      "quiz_events_type_check",
      sql`${t.type} in ('view', 'start', 'reach', 'answer', 'contacts', 'result')`,
    ),
  ],
);

/** One answered question as the owner reads it: texts of the snapshot version answered. */
export interface StoredLeadAnswer {
  question: number;
  question_title: string;
  /** Selected answer texts, own text, typed text, or the formatted value. */
  answer: string;
  answer_ids?: number[];
  value?: number | string | [number, number] | [string, string] | null;
}

/** A result as it was shown to the visitor (recomputed by the server). */
export interface StoredLeadResult {
  id: number;
  title: string;
  value: string | number | null;
  unit: string | null;
}

/**
 * A lead. Stored whatever the tariff says (a visitor's lead is never dropped); `user_id`
 * and `project_id` are copied from the quiz at submission so leads stay when the quiz or
 * project is deleted or moved. `submission_id` (client-made UUID) makes submission
 * idempotent.
 */
export const leads = pgTable(
  "leads",
  {
    id: serial("id").primaryKey(),
    submissionId: uuid("submission_id").notNull(),
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "restrict" }),
    projectId: integer("project_id").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    publicationVersion: integer("publication_version").notNull(),
    sessionId: uuid("session_id"),
    /** 0 Form, 1 SocialNetwork (docs/product.md "Codes"). */
    source: smallint("source").$type<LeadSource>().notNull().default(LeadSource.Form),
    name: text("name").notNull().default(""),
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    messengers: jsonb("messengers").$type<Record<string, string>>().notNull().default({}),
    other: text("other").notNull().default(""),
    other2: text("other2").notNull().default(""),
    answers: jsonb("answers").$type<StoredLeadAnswer[]>().notNull().default([]),
    results: jsonb("results").$type<StoredLeadResult[]>().notNull().default([]),
    /** Hidden fields captured from the page's query string (client id, campaign …). */
    otherFields: jsonb("other_fields").$type<Record<string, string>>().notNull().default({}),
    utm: jsonb("utm").$type<Record<string, string>>().notNull().default({}),
    referrer: text("referrer").notNull().default(""),
    pageUrl: text("page_url").notNull().default(""),
    consent: boolean("consent").notNull().default(false),
    isOpened: boolean("is_opened").notNull().default(false),
    /**
     * Kept from a visitor who answered or typed a contact and left (docs/leads.md "Partial
     * leads"); its `submission_id` is the visitor session's id, and the full lead of that
     * session replaces it.
     */
    isPartial: boolean("is_partial").notNull().default(false),
    openedAt: timestamp("opened_at", { withTimezone: true }),
    /** The owner's follow-up: new, in_progress, won, lost (docs/leads.md). */
    status: text("status").$type<LeadStatus>().notNull().default("new"),
    note: text("note").notNull().default(""),
    /** Quality flags computed when the lead was stored (docs/leads.md); never block it. */
    flags: text("flags").array().$type<LeadFlag[]>().notNull().default(sql`'{}'::text[]`),
    /** Set when the owner erased the lead's personal data; the row stays for the counts. */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("leads_submission_id_key").on(t.submissionId),
    // Keyset pages of the owner's list: newest first by id within the account.
    index("leads_user_idx").on(t.userId, t.id),
    index("leads_quiz_idx").on(t.quizId, t.id),
    // The funnel's lead counts per quiz and day (docs/analytics.md).
    index("leads_quiz_created_idx").on(t.quizId, t.createdAt).where(sql`not ${t.isPartial}`),
    // Search looks at opened leads only (docs/leads.md): it walks these, not every lead.
    index("leads_user_opened_idx").on(t.userId, t.id).where(sql`${t.isOpened}`),
    // The retention job: an account's live leads older than its retention (docs/leads.md).
    index("leads_user_live_created_idx")
      .on(t.userId, t.createdAt)
      .where(sql`${t.erasedAt} is null`),
    index("leads_partial_session_idx").on(t.sessionId).where(sql`${t.isPartial}`),
    // The duplicate flag: same e-mail or phone for the same quiz.
    index("leads_quiz_email_idx").on(t.quizId, t.email).where(sql`${t.email} <> ''`),
    index("leads_quiz_phone_idx").on(t.quizId, t.phone).where(sql`${t.phone} <> ''`),
    // The leads screen's notice of leads over the per-address rate (docs/leads.md): few rows.
    index("leads_user_over_rate_idx")
      .on(t.userId, t.createdAt)
      .where(sql`'over_rate' = any(${t.flags})`),
    check("leads_status_check", sql`${t.status} in ('new', 'in_progress', 'won', 'lost')`),
  ],
);

/**
 * Leads refused (429) at abuse-level rates, counted per quiz and UTC day for the owner's
 * notice (docs/leads.md "Leads over the per-address rate"); nothing of the lead is kept.
 */
export const leadRefusals = pgTable(
  "lead_refusals",
  {
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    refused: integer("refused").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.quizId, t.day] }),
    index("lead_refusals_user_idx").on(t.userId, t.day),
  ],
);

/**
 * How many counter rows each quiz and project has (`shard` 0..15, the writing connection's
 * backend pid modulo 16, migration 0026): every statement adds to one of them, so concurrent
 * statements of one busy quiz do not all queue on one row's lock until COMMIT (docs/leads.md
 * "Counts"); reads sum the shards.
 */
export const LEAD_COUNT_SHARDS = 16;

/**
 * The number of leads the owner sees per quiz and per project (`leads_count`): sent leads
 * (not partial) that are not erased, grouped like the leads list filters them (a lead's
 * `project_id` is the project it was sent in). Kept by statement triggers on `leads`
 * (migrations 0010, 0014, 0026) in the transaction that inserts, erases, merges or deletes leads,
 * so a page of quizzes reads at most LEAD_COUNT_SHARDS rows per quiz instead of counting
 * (docs/leads.md "Counts").
 */
export const quizLeadCounts = pgTable(
  "quiz_lead_counts",
  {
    /**
     * No foreign key: the delete trigger may run after a cascade removed the quiz (an
     * account's removal), and a counter must never make a delete fail.
     */
    quizId: integer("quiz_id").notNull(),
    shard: smallint("shard").notNull().default(0),
    leads: integer("leads").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.quizId, t.shard] })],
);

/** The same per project (no foreign key either, as for `leads.project_id`). */
export const projectLeadCounts = pgTable(
  "project_lead_counts",
  {
    projectId: integer("project_id").notNull(),
    shard: smallint("shard").notNull().default(0),
    leads: integer("leads").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.shard] })],
);

/**
 * The CSV export's cells of every opened, live lead, finished when the lead is written
 * (triggers `leads_export_rows_*`, migration 0024; docs/leads.md "Export"): `head` is
 * `id,date`, `contacts` name … other2, `tail` flags … note, `answers` one `,cell` per
 * question of the lead's published version in that version's order (null when that
 * version is unknown). Apart from `leads` so that an export reads densely packed rows, not
 * one page of `leads` per opened lead. `project_id` and `created_at` (migration 0025) let
 * the export's project and date filters, like quiz and status, be answered here. Never
 * written by the application.
 */
export const leadExportRows = pgTable(
  "lead_export_rows",
  {
    leadId: integer("lead_id")
      .primaryKey()
      .references(() => leads.id, { onDelete: "cascade" }),
    userId: integer("user_id").notNull(),
    quizId: integer("quiz_id").notNull(),
    projectId: integer("project_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    publicationVersion: integer("publication_version").notNull(),
    isPartial: boolean("is_partial").notNull(),
    status: text("status").$type<LeadStatus>().notNull(),
    head: text("head").notNull(),
    contacts: text("contacts").notNull(),
    tail: text("tail").notNull(),
    answers: text("answers"),
  },
  (t) => [
    // The export's rows, newest first, and which quizzes have any in the dates asked for
    // (its question columns).
    index("lead_export_rows_user_idx").on(t.userId, t.isPartial, t.leadId),
    index("lead_export_rows_quiz_idx").on(t.quizId, t.isPartial, t.createdAt),
  ],
);
