import {
  type DeliveryStatusName,
  type IntegrationTargetKey,
  integrationTargetKeys,
} from "@leadquiz/contract";
import { sql } from "drizzle-orm";
import {
  bigint,
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

/**
 * The targets a lead can be delivered to (docs/delivery.md): the keys of packages/contract
 * `integrationTargets`; checked by the API, not the table (a text column).
 */
export const INTEGRATION_TYPES = integrationTargetKeys;
export type IntegrationType = IntegrationTargetKey;

/** A delivery's state (the contract's `deliveryStatuses`, docs/delivery.md). */
export type DeliveryStatus = DeliveryStatusName;

/**
 * A quiz's delivery target. `settings` holds what the owner may read back (a webhook's URL,
 * an e-mail address); `secrets` the credentials, encrypted with ENCRYPTION_KEY
 * (lib/secret-box.ts) and never answered in full after creation.
 */
export const integrations = pgTable(
  "integrations",
  {
    id: serial("id").primaryKey(),
    /**
     * The quiz whose leads it gets. Null only for a REST hook of the whole account
     * (`type: "hook"`, docs/delivery.md "REST hooks"): every quiz of `user_id`.
     */
    quizId: integer("quiz_id").references(() => quizzes.id, { onDelete: "cascade" }),
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
  (t) => [
    index("integrations_quiz_idx").on(t.quizId, t.type),
    index("integrations_account_hooks_idx").on(t.userId).where(sql`${t.quizId} is null`),
    // An account's targets, for its deliveries waiting for requests (docs/delivery.md).
    index("integrations_user_idx").on(t.userId),
    check("integrations_quiz_check", sql`${t.quizId} is not null or ${t.type} = 'hook'`),
  ],
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
    // The deliveries waiting for a request, by target then lead (the account's queue, oldest
    // lead first, and the leads screen's count): holds only waiting rows.
    index("deliveries_awaiting_idx")
      .on(t.integrationId, t.leadId)
      .where(sql`${t.status} = 'awaiting_requests'`),
    // The deliveries held until the owner lets their lead through (docs/delivery.md).
    index("deliveries_held_idx").on(t.integrationId, t.leadId).where(sql`${t.status} = 'held'`),
    check(
      "deliveries_status_check",
      sql`${t.status} in ('pending', 'retrying', 'delivered', 'failed', 'skipped', 'awaiting_requests', 'held')`,
    ),
  ],
);

/**
 * One-time start codes of the Telegram bot (docs/delivery.md "Telegram"): made for an owner
 * and a quiz when the integration tab asks for the connect link, stored as a SHA-256 hash.
 * `/start <code>` within the hour binds the chat (`chat_id`); creating the integration uses
 * the binding once (`used_at`).
 */
export const telegramStartCodes = pgTable(
  "telegram_start_codes",
  {
    id: serial("id").primaryKey(),
    codeHash: text("code_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    quizId: integer("quiz_id")
      .notNull()
      .references(() => quizzes.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    chatId: text("chat_id"),
    chatTitle: text("chat_title"),
    boundAt: timestamp("bound_at", { withTimezone: true }),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("telegram_start_codes_hash_key").on(t.codeHash),
    index("telegram_start_codes_quiz_idx").on(t.quizId, t.userId),
  ],
);

/**
 * The bot's one row: the next getUpdates offset, and the lease of the one process that
 * polls (several server or worker processes share a database; one polls at a time).
 */
export const telegramBotState = pgTable("telegram_bot_state", {
  id: smallint("id").primaryKey(),
  updateOffset: bigint("update_offset", { mode: "number" }).notNull().default(0),
  pollerId: text("poller_id"),
  leaseUntil: timestamp("lease_until", { withTimezone: true }),
});

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
