import { sql } from "drizzle-orm";
import {
  bigserial,
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
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { leads } from "./leads";
import { quizzes } from "./quizzes";
import { users } from "./users";

/** The targets a lead can be delivered to (docs/delivery.md); checked by the API, not the table. */
export const INTEGRATION_TYPES = [
  "webhook",
  "email",
  "bitrix24",
  "keycrm",
  "hubspot",
  "salesforce",
  "zoho",
] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

/** A delivery's state: waiting for its first try, between tries, done, given up. */
export const DELIVERY_STATUSES = ["pending", "retrying", "delivered", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * A quiz's delivery target. `settings` holds what the owner may read back (a webhook's URL,
 * an e-mail address); `secrets` the credentials, encrypted with ENCRYPTION_KEY
 * (lib/secret-box.ts) and never answered in full after creation.
 */
export const integrations = pgTable(
  "integrations",
  {
    id: serial("id").primaryKey(),
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: text("type").$type<IntegrationType>().notNull(),
    isEnabled: boolean("is_enabled").notNull().default(true),
    settings: jsonb("settings").$type<Record<string, string>>().notNull().default({}),
    secrets: text("secrets").notNull().default(""),
    /** Why the pipeline switched it off (a webhook answering 410), null otherwise. */
    disabledReason: text("disabled_reason"),
    /** Since when every try has failed (null while the last one succeeded). */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    /** When the owner was told it has been failing (once per failing stretch). */
    failureNotifiedAt: timestamp("failure_notified_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("integrations_quiz_idx").on(t.quizId, t.type)],
);

/**
 * The outbox: one row per (integration, lead), written in the lead's transaction and worked
 * by the delivery worker (modules/delivery). `event_id` is the webhook-id, the same on every
 * try. `locked_until` is the lease of the worker holding it; a worker that died leaves a
 * lease that runs out and the row is claimed again.
 */
export const deliveries = pgTable(
  "deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    integrationId: integer("integration_id")
      .notNull()
      .references(() => integrations.id, { onDelete: "cascade" }),
    leadId: integer("lead_id")
      .notNull()
      .references(() => leads.id, { onDelete: "cascade" }),
    quizId: integer("quiz_id").notNull(),
    eventId: uuid("event_id").notNull().defaultRandom(),
    status: text("status").$type<DeliveryStatus>().notNull().default("pending"),
    attempts: smallint("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastStatusCode: smallint("last_status_code"),
    lastError: text("last_error"),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    /** What the target answered as its own id of the lead (a CRM record, a message id). */
    remoteId: text("remote_id"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("deliveries_integration_lead_key").on(t.integrationId, t.leadId),
    index("deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'retrying')`),
    index("deliveries_quiz_idx").on(t.quizId, t.id),
    check(
      "deliveries_status_check",
      sql`${t.status} in ('pending', 'retrying', 'delivered', 'failed')`,
    ),
  ],
);

/**
 * A started OAuth connection (docs/delivery.md, "OAuth targets"): the SHA-256 of the
 * `state` sent to the provider, bound to the owner, the quiz and the provider, with the
 * PKCE verifier (sealed). The callback deletes the row it uses (single use); rows expire.
 */
export const oauthStates = pgTable("oauth_states", {
  stateHash: text("state_hash").primaryKey(),
  userId: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  quizId: integer("quiz_id")
    .notNull()
    .references(() => quizzes.id, { onDelete: "cascade" }),
  provider: text("provider").notNull(),
  codeVerifier: text("code_verifier").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
