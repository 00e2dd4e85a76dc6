import type { FormFieldType } from "@leadquiz/contract/codes";
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
} from "drizzle-orm/pg-core";
import { quizzes } from "./quizzes";

/** A contact form field; type 1 Title (name), 2 Phone, 3 Email, 4 External, 5 External2. */
export const formFields = pgTable(
  "form_fields",
  {
    id: serial("id").primaryKey(),
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    sort: integer("sort").notNull().default(0),
    type: smallint("type").$type<FormFieldType>().notNull(),
    label: text("label").notNull().default(""),
    placeholder: text("placeholder").notNull().default(""),
    required: boolean("required").notNull().default(false),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    index("form_fields_quiz_sort_idx").on(t.quizId, t.sort, t.id),
    check("form_fields_type_check", sql`${t.type} between 1 and 5`),
  ],
);
