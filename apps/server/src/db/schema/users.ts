import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    username: text("username").notNull(),
    /** argon2id hash; null for accounts created by social sign-in until a password is set. */
    passwordHash: text("password_hash"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    languageCode: text("language_code").notNull().default("en"),
    referralCode: text("referral_code").notNull(),
    referredBy: integer("referred_by"),
    /**
     * When the owner proved the address (the verification link, a password reset, or a
     * provider's verified claim); null until then. Social sign-in links only to a verified
     * account (docs/security.md).
     */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /**
     * Leads older than this many days are erased by the daily retention job (docs/leads.md
     * "Retention"); null keeps them until the owner erases them.
     */
    leadRetentionDays: integer("lead_retention_days"),
    /**
     * The account's credential generation (docs/adr/0018): every access token, refresh token
     * and password-reset link carries the generation it was issued in and works only while
     * it is still the account's. Signing out everywhere, a password reset or change and an
     * e-mail change add one, so everything issued before dies at once.
     */
    credentialGeneration: integer("credential_generation").notNull().default(0),
    dateJoined: timestamp("date_joined", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    uniqueIndex("users_referral_code_key").on(t.referralCode),
  ],
);

/** Social sign-in identities: one row per (provider, subject) linked to a user. */
export const userIdentities = pgTable(
  "user_identities",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    subject: text("subject").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("user_identities_provider_subject_key").on(t.provider, t.subject)],
);

/**
 * Refresh tokens, stored as SHA-256 hashes. A login starts a family; each rotation marks
 * the old token used and adds the next one to the same family. Presenting a used token
 * revokes the whole family (reuse detection).
 */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    familyId: uuid("family_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /**
     * The token that replaced this one, encrypted (AES-256-GCM, key from ENCRYPTION_KEY):
     * a second tab presenting this token within the grace window gets the same successor
     * instead of revoking the family (docs/security.md).
     */
    successor: text("successor"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("refresh_tokens_token_hash_key").on(t.tokenHash),
    index("refresh_tokens_family_idx").on(t.familyId),
    index("refresh_tokens_user_idx").on(t.userId),
  ],
);

/**
 * Password reset tokens: 256 random bits, stored as SHA-256 hashes, 1 hour, single use; only
 * the newest of a user works, and only in the credential generation it was made in.
 */
export const passwordResetTokens = pgTable(
  "password_reset_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    /** The user's credential generation when the link was made; it works only in that one. */
    credentialGeneration: integer("credential_generation").notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("password_reset_tokens_token_hash_key").on(t.tokenHash)],
);

/**
 * One-time tickets of the account flows (docs/security.md): 256 random bits sent to the user
 * (by e-mail or in a redirect), only their SHA-256 hash stored, spent once by a conditional
 * UPDATE. `purpose` says what the ticket does:
 * - `verify_email`: proves `email` belongs to the user (registration, resend);
 * - `change_email`: makes `email` the user's address once the link in it is followed;
 * - `social_code`: finishes a social sign-in for `userId` in the browser whose cookie hashes
 *   to `browserHash`;
 * - `social_link`: the same, but the existing account's password must be given first
 *   (`data` holds the provider and subject to link).
 */
export const accountTickets = pgTable(
  "account_tickets",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose").notNull(),
    tokenHash: text("token_hash").notNull(),
    email: text("email").notNull().default(""),
    browserHash: text("browser_hash"),
    data: jsonb("data").$type<Record<string, string>>().notNull().default({}),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("account_tickets_token_hash_key").on(t.tokenHash),
    index("account_tickets_user_idx").on(t.userId),
  ],
);

/**
 * Registrations waiting for their mailed link (docs/security.md "Registration"): no account
 * exists until the link is followed, so signing in, password reset and social sign-in see
 * none. The link's token is kept as its SHA-256 hash; the password as its argon2id hash,
 * emptied (null) once the row is spent. Several rows may name one address (each registration
 * mails its own link); the first link followed makes the account and spends the others.
 * Rows expired for a week are deleted at the next registration.
 */
export const pendingRegistrations = pgTable(
  "pending_registrations",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"),
    languageCode: text("language_code").notNull(),
    /** The inviter of a known referral code (docs/money.md "Referral"); null otherwise. */
    referredBy: integer("referred_by"),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("pending_registrations_token_hash_key").on(t.tokenHash),
    index("pending_registrations_email_idx").on(sql`lower(${t.email})`),
    index("pending_registrations_expires_idx").on(t.expiresAt),
  ],
);
