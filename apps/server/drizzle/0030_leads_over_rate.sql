CREATE TABLE "lead_refusals" (
	"quiz_id" integer NOT NULL,
	"day" date NOT NULL,
	"user_id" integer NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lead_refusals_quiz_id_day_pk" PRIMARY KEY("quiz_id","day")
);
--> statement-breakpoint
ALTER TABLE "deliveries" DROP CONSTRAINT "deliveries_status_check";--> statement-breakpoint
ALTER TABLE "lead_refusals" ADD CONSTRAINT "lead_refusals_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_refusals" ADD CONSTRAINT "lead_refusals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_refusals_user_idx" ON "lead_refusals" USING btree ("user_id","day");--> statement-breakpoint
CREATE INDEX "deliveries_held_idx" ON "deliveries" USING btree ("integration_id","lead_id") WHERE "deliveries"."status" = 'held';--> statement-breakpoint
CREATE INDEX "leads_user_over_rate_idx" ON "leads" USING btree ("user_id","created_at") WHERE 'over_rate' = any("leads"."flags");--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_status_check" CHECK ("deliveries"."status" in ('pending', 'retrying', 'delivered', 'failed', 'skipped', 'awaiting_requests', 'held'));