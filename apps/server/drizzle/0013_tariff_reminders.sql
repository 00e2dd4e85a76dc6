ALTER TABLE "account_tariffs" ADD COLUMN "reminded_for_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_tariffs" ADD COLUMN "reminded_days_left" smallint;