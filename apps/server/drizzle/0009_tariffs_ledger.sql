CREATE TABLE "account_tariffs" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"tariff_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"requests_granted" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "balances" (
	"user_id" integer NOT NULL,
	"purse" text NOT NULL,
	"cents" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "balances_user_id_purse_pk" PRIMARY KEY("user_id","purse"),
	CONSTRAINT "balances_cents_check" CHECK ("balances"."cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purse" text NOT NULL,
	"kind" text NOT NULL,
	"cents" bigint NOT NULL,
	"reference" text,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_cents_check" CHECK ("ledger_entries"."cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "referral_withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"method" integer NOT NULL,
	"cents" bigint NOT NULL,
	"paypal_email" text,
	"card_sealed" text,
	"card_masked" text,
	"receiver_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "referral_withdrawals_cents_check" CHECK ("referral_withdrawals"."cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"period_months" integer NOT NULL,
	"projects_per_month" integer NOT NULL,
	"requests_per_month" integer NOT NULL,
	"price_cents" integer NOT NULL,
	"auto_detect" boolean DEFAULT false NOT NULL,
	"is_trial" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tariffs_price_check" CHECK ("tariffs"."price_cents" >= 0),
	CONSTRAINT "tariffs_period_check" CHECK ("tariffs"."period_months" between 1 and 36)
);
--> statement-breakpoint
ALTER TABLE "account_tariffs" ADD CONSTRAINT "account_tariffs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_tariffs" ADD CONSTRAINT "account_tariffs_tariff_id_tariffs_id_fk" FOREIGN KEY ("tariff_id") REFERENCES "public"."tariffs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_withdrawals" ADD CONSTRAINT "referral_withdrawals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_user_idx" ON "ledger_entries" USING btree ("user_id","purse","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_reference_key" ON "ledger_entries" USING btree ("kind","reference") WHERE "ledger_entries"."reference" is not null;--> statement-breakpoint
CREATE INDEX "referral_withdrawals_user_idx" ON "referral_withdrawals" USING btree ("user_id","id");--> statement-breakpoint
-- The default catalogue (docs/money.md "Tariffs"); the operator edits these rows.
INSERT INTO "tariffs" ("title", "period_months", "projects_per_month", "requests_per_month", "price_cents", "auto_detect", "is_trial", "sort") VALUES
  ('Trial', 1, 100, 10, 0, false, true, 0),
  ('Start', 1, 5, 100, 900, false, false, 1),
  ('Business', 1, 20, 500, 2900, true, false, 2),
  ('Agency', 1, 100, 3000, 9900, true, false, 3),
  ('Business, 12 months', 12, 20, 500, 29000, true, false, 4);
