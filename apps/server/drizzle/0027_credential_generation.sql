-- The account's credential generation (docs/adr/0018): access and refresh tokens and
-- password-reset links carry the generation they were issued in and die once the account's
-- moves on (sign out everywhere, a password reset or change, an e-mail change). Existing
-- accounts, tokens and links start in generation 0, so nobody is signed out by the upgrade.
ALTER TABLE "password_reset_tokens" ADD COLUMN "credential_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "credential_generation" integer DEFAULT 0 NOT NULL;