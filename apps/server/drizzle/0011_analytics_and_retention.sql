CREATE TABLE "analytics_daily" (
	"quiz_id" integer NOT NULL,
	"day" date NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"step" text NOT NULL,
	"question_id" integer DEFAULT 0 NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_quiz_id_day_utm_source_step_question_id_shard_pk" PRIMARY KEY("quiz_id","day","utm_source","step","question_id","shard"),
	CONSTRAINT "analytics_daily_step_check" CHECK ("analytics_daily"."step" in ('view', 'start', 'reach', 'answer', 'contacts', 'result'))
);
--> statement-breakpoint
CREATE TABLE "analytics_session_steps" (
	"session_id" uuid NOT NULL,
	"step" text NOT NULL,
	"question_id" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_session_steps_session_id_step_question_id_pk" PRIMARY KEY("session_id","step","question_id")
);
--> statement-breakpoint
ALTER TABLE "quiz_events" DROP CONSTRAINT "quiz_events_type_check";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "lead_retention_days" integer;--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_session_steps" ADD CONSTRAINT "analytics_session_steps_session_id_visitor_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."visitor_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_quiz_created_idx" ON "leads" USING btree ("quiz_id","created_at") WHERE not "leads"."is_partial";--> statement-breakpoint
CREATE INDEX "leads_user_live_created_idx" ON "leads" USING btree ("user_id","created_at") WHERE "leads"."erased_at" is null;--> statement-breakpoint
ALTER TABLE "quiz_events" ADD CONSTRAINT "quiz_events_type_check" CHECK ("quiz_events"."type" in ('view', 'start', 'reach', 'answer', 'contacts', 'result'));--> statement-breakpoint
-- Back-fill the roll-up from the events stored before it existed (docs/analytics.md).
INSERT INTO "analytics_session_steps" ("session_id", "step", "question_id")
SELECT DISTINCT "session_id", "type", coalesce("question_id", 0) FROM "quiz_events"
WHERE "session_id" IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "analytics_daily" ("quiz_id", "day", "utm_source", "step", "question_id", "visits")
SELECT f."quiz_id", f."day", f."source", f."type", f."question", count(*)::int
FROM (
  SELECT DISTINCT ON (coalesce(e."session_id"::text, e."id"::text), e."type", coalesce(e."question_id", 0))
    e."quiz_id", (e."created_at" at time zone 'UTC')::date AS "day",
    left(coalesce(vs."utm" ->> 'utm_source', ''), 255) AS "source",
    e."type", coalesce(e."question_id", 0) AS "question"
  FROM "quiz_events" e LEFT JOIN "visitor_sessions" vs ON vs."id" = e."session_id"
  ORDER BY coalesce(e."session_id"::text, e."id"::text), e."type", coalesce(e."question_id", 0), e."id"
) f
GROUP BY f."quiz_id", f."day", f."source", f."type", f."question";
