CREATE TABLE "account_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"browser_hash" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_tickets" ADD CONSTRAINT "account_tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_tickets_token_hash_key" ON "account_tickets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_tickets_user_idx" ON "account_tickets" USING btree ("user_id");--> statement-breakpoint
-- Accounts made by social sign-in have an address the provider verified (docs/security.md).
UPDATE "users" SET "email_verified_at" = "date_joined" WHERE "password_hash" IS NULL;
