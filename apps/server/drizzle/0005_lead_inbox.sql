CREATE TABLE "lead_allowances" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"requests_left" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_allowances_requests_left_check" CHECK ("lead_allowances"."requests_left" >= 0)
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "flags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_allowances" ADD CONSTRAINT "lead_allowances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_quiz_email_idx" ON "leads" USING btree ("quiz_id","email") WHERE "leads"."email" <> '';--> statement-breakpoint
CREATE INDEX "leads_quiz_phone_idx" ON "leads" USING btree ("quiz_id","phone") WHERE "leads"."phone" <> '';--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_status_check" CHECK ("leads"."status" in ('new', 'in_progress', 'won', 'lost'));