import {
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
 * A support request from the owner app (docs/api.md "Support and reviews"): kept here and
 * mailed to the operators' address (SUPPORT_EMAIL) with a copy to `email`.
 */
export const supportRequests = pgTable(
  "support_requests",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The reply address the owner gave (the account's by default). */
    email: text("email").notNull(),
    /** Plain text as sent. */
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("support_requests_user_idx").on(t.userId)],
);

/** A review of the service: one per account, editable; rating 1-5 and plain text. */
export const serviceReviews = pgTable(
  "service_reviews",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("service_reviews_user_key").on(t.userId)],
);
