import { sql } from "drizzle-orm";
import { check, integer, pgTable, timestamp } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Requests (lead openings) an account has left. A row is made with the trial allowance
 * the first time the account opens a lead (docs/leads.md "Allowance"); the tariffs work
 * owns this table and will refill it when a tariff is bought.
 */
export const leadAllowances = pgTable(
  "lead_allowances",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    requestsLeft: integer("requests_left").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("lead_allowances_requests_left_check", sql`${t.requestsLeft} >= 0`)],
);
