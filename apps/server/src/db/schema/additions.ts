import type { Addition, AdditionType } from "@leadquiz/contract";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { quizzes } from "./quizzes";
import type { Stored } from "./stored-json";

/** The settings of the addition's type, as far as they have been set. */
type AdditionSettings = Stored<Addition["settings"]>;

/** An addition; type 1 Bonus, 2 Discount, 3 Consultant; settings by type (contract). */
export const additions = pgTable(
  "additions",
  {
    id: serial("id").primaryKey(),
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    sort: integer("sort").notNull().default(0),
    type: smallint("type").$type<AdditionType>().notNull(),
    image: text("image"),
    enabled: boolean("enabled").notNull().default(true),
    display: text("display")
      .$type<"all_except_start" | "contact_only" | "all">()
      .notNull()
      .default("all_except_start"),
    settings: jsonb("settings").$type<AdditionSettings>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index("additions_quiz_sort_idx").on(t.quizId, t.sort, t.id),
    check("additions_type_check", sql`${t.type} between 1 and 3`),
    check(
      "additions_display_check",
      sql`${t.display} in ('all_except_start', 'contact_only', 'all')`,
    ),
  ],
);
