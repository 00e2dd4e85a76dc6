import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { quizzes } from "./quizzes";

/**
 * A quiz of the template catalogue (docs/templates.md): an ordinary published quiz of the
 * system account, one per template and language. `hash` is the content hash of the
 * repository file it was seeded from (null for a template the operator made from a quiz),
 * so the seed changes only what changed.
 */
export const quizTemplates = pgTable(
  "quiz_templates",
  {
    id: serial("id").primaryKey(),
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    slug: text("slug").notNull(),
    type: text("type").notNull(),
    theme: text("theme").notNull(),
    /** A quiz language code (en, ru, uk, …), the catalogue's language filter. */
    language: text("language").notNull(),
    /** The gallery card's text (the quiz has no description of its own). */
    description: text("description").notNull().default(""),
    sort: integer("sort").notNull().default(1000),
    hash: text("hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex("quiz_templates_quiz_key").on(t.quizId),
    uniqueIndex("quiz_templates_slug_language_key").on(t.slug, t.language),
    index("quiz_templates_catalogue_idx").on(t.language, t.sort, t.id),
    check(
      "quiz_templates_type_check",
      sql`${t.type} in ('calculator', 'product_selection', 'lead_qualification', 'test', 'survey')`,
    ),
    check(
      "quiz_templates_theme_check",
      sql`${t.theme} in ('renovation', 'real_estate', 'education', 'beauty_health', 'cars', 'travel', 'b2b', 'ecommerce', 'events', 'insurance', 'recruiting')`,
    ),
  ],
);
