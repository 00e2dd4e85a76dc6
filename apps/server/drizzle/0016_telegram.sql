CREATE TABLE "telegram_bot_state" (
	"id" smallint PRIMARY KEY NOT NULL,
	"update_offset" bigint DEFAULT 0 NOT NULL,
	"poller_id" text,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "telegram_start_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"quiz_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"chat_id" text,
	"chat_title" text,
	"bound_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "telegram_start_codes" ADD CONSTRAINT "telegram_start_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_start_codes" ADD CONSTRAINT "telegram_start_codes_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_start_codes_hash_key" ON "telegram_start_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "telegram_start_codes_quiz_idx" ON "telegram_start_codes" USING btree ("quiz_id","user_id");