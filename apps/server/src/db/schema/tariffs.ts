import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * Requests an account has left: each lead whose contacts leave the product (opened,
 * delivered, exported) takes one, once (docs/leads.md "Allowance"). A row is made with the
 * trial tariff's requests the first time a lead is released; a bought tariff adds to it.
 */
export const leadAllowances = pgTable(
  "lead_allowances",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    requestsLeft: integer("requests_left").notNull(),
    /**
     * Deliveries of the account's leads wait for a request (docs/delivery.md "Waiting for
     * requests"). Set under this row's lock when one starts waiting, cleared under it once
     * none waits, so it is never false while one waits (a stale true costs one empty look).
     */
    deliveriesWaiting: boolean("deliveries_waiting").notNull().default(false),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("lead_allowances_requests_left_check", sql`${t.requestsLeft} >= 0`),
    // The delivery worker's list of accounts whose waiting deliveries can go now: only the
    // rows with both, so a bought tariff (any growth of the count) puts its account here.
    index("lead_allowances_release_idx")
      .on(t.userId)
      .where(sql`${t.deliveriesWaiting} and ${t.requestsLeft} > 0`),
  ],
);

/**
 * The tariff catalogue (docs/money.md "Tariffs"): what a purchase grants for its period.
 * The trial tariff (`is_trial`) is what a new account starts with; it is never sold.
 */
export const tariffs = pgTable(
  "tariffs",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    periodMonths: integer("period_months").notNull(),
    projectsPerMonth: integer("projects_per_month").notNull(),
    requestsPerMonth: integer("requests_per_month").notNull(),
    priceCents: integer("price_cents").notNull(),
    autoDetect: boolean("auto_detect").notNull().default(false),
    isTrial: boolean("is_trial").notNull().default(false),
    /** Offered in `tariffs/` and buyable; off: kept for the accounts that hold it (operator). */
    onSale: boolean("on_sale").notNull().default(true),
    sort: integer("sort").notNull().default(0),
  },
  (t) => [
    check("tariffs_price_check", sql`${t.priceCents} >= 0`),
    check("tariffs_period_check", sql`${t.periodMonths} between 1 and 36`),
  ],
);

/**
 * The tariff an account holds and until when. An account without a row holds the trial
 * from its registration (the row is made on its first purchase or limit check).
 */
export const accountTariffs = pgTable("account_tariffs", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tariffId: integer("tariff_id")
    .notNull()
    .references(() => tariffs.id),
  /** Start of the current paid stretch: the months of `projects_per_month` count from it. */
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
  /** Requests granted for the current stretch (`requests_limit` of `tariffinfo/`). */
  requestsGranted: integer("requests_granted").notNull(),
  /**
   * The tariff-ending reminder last sent (docs/money.md "Reminders"): the `ends_at` it was
   * about and how many days were left (3 or 1). A later `ends_at` (renewal) resets it.
   */
  remindedForEndsAt: timestamp("reminded_for_ends_at", { withTimezone: true }),
  remindedDaysLeft: smallint("reminded_days_left"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Balances, cached: one row per account and purse (`main`, `referral`), always equal to
 * the sum of that purse's ledger rows. Spending is a conditional UPDATE on this row.
 */
export const balances = pgTable(
  "balances",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purse: text("purse").notNull(),
    cents: bigint("cents", { mode: "number" }).notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.purse] }),
    check("balances_cents_check", sql`${t.cents} >= 0`),
  ],
);

/**
 * The append-only ledger: every change of a balance, signed, in cents. `reference` makes
 * a credit from outside (a provider's payment id, an operator's request id) count once.
 */
export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purse: text("purse").notNull(),
    kind: text("kind").notNull(),
    cents: bigint("cents", { mode: "number" }).notNull(),
    reference: text("reference"),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("ledger_entries_user_idx").on(t.userId, t.purse, t.id),
    uniqueIndex("ledger_entries_reference_key")
      .on(t.kind, t.reference)
      .where(sql`${t.reference} is not null`),
    check("ledger_entries_cents_check", sql`${t.cents} <> 0`),
  ],
);

/**
 * Withdrawal requests of referral funds (docs/money.md "Referral"): the amount is held from
 * the referral purse when asked and released if the operator rejects it. A card number is
 * kept encrypted (AES-256-GCM) and shown masked.
 */
export const referralWithdrawals = pgTable(
  "referral_withdrawals",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: integer("method").notNull(),
    cents: bigint("cents", { mode: "number" }).notNull(),
    paypalEmail: text("paypal_email"),
    cardSealed: text("card_sealed"),
    cardMasked: text("card_masked"),
    receiverName: text("receiver_name").notNull(),
    status: text("status").notNull().default("pending"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    index("referral_withdrawals_user_idx").on(t.userId, t.id),
    check("referral_withdrawals_cents_check", sql`${t.cents} > 0`),
  ],
);
